import { sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { searchContent } from "../content-api/search.ts";
import { silentLogger } from "../testing.ts";
import { listItems, parseItemFilters } from "./catalog.ts";
import { ensureContent } from "./content-store.ts";
import { foldedQuery } from "../../db/folding.ts";
import { namesContain, namesStartWith } from "./name-match.ts";

/** `like`'s wildcards and escape, and the look-alikes the folding (`f_unaccent(lower(…))`) turns into them. */
const WILDCARDS = ["%", "_", "\\"];
const LOOKALIKES = ["％", "﹪", "＿", "＼", "∖", "﹨"];

/** Items whose names hold wildcards or look-alikes, beside the demo pack. */
const FIXTURES = [
  { id: "tonic-fullwidth-percent", vi: "Thuốc 50％", en: "50％ Tonic" },
  { id: "vial-percent", vi: "Lọ 10%", en: "10% Vial" },
  { id: "blade-fullwidth-underscore", vi: "Kiếm a＿b", en: "a＿b Blade" },
  { id: "blade-axb", vi: "Kiếm axb", en: "axb Blade" },
  { id: "charm-backslashes", vi: "Bùa ＼ Sắt", en: "Iron ∖ Charm" },
  { id: "shield-small-forms", vi: "Khiên ﹪﹨", en: "﹪﹨ Shield" },
];

const filters = (q: string) => parseItemFilters(new URLSearchParams({ q }));

describe.each(testEngines)("search text is matched literally, after folding, on %s", (engine) => {
  let database: TestDatabase;
  const db = (): Database => database.connection.db;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await ensureContent(db(), silentLogger);
    await db()
      .insert(contentEntries)
      .values(
        FIXTURES.map((entry, index) => ({
          kind: "items",
          id: entry.id,
          position: 10_000 + index,
          data: { id: entry.id, name: { vi: entry.vi, en: entry.en }, level: 1 },
          nameVi: entry.vi,
          nameEn: entry.en,
        })),
      );
  });
  afterAll(() => database.dispose());

  const ids = async (condition: SQL): Promise<string[]> =>
    (await db().select({ id: contentEntries.id }).from(contentEntries).where(condition).orderBy(contentEntries.id)).map((row) => row.id);

  /** What a literal match finds: the names whose folded text holds the folded query as it is. */
  const literallyContaining = (query: string) => ids(sql`strpos(${contentEntries.foldedNames}, ${foldedQuery(query)}) > 0`);
  const literallyStartingWith = (query: string) =>
    ids(
      sql`(starts_with(${contentEntries.foldedVi}, ${foldedQuery(query)}) or starts_with(${contentEntries.foldedEn}, ${foldedQuery(query)}))`,
    );

  it.each([
    ["％", ["shield-small-forms", "tonic-fullwidth-percent", "vial-percent"]],
    ["﹪", ["shield-small-forms", "tonic-fullwidth-percent", "vial-percent"]],
    ["%", ["shield-small-forms", "tonic-fullwidth-percent", "vial-percent"]],
    ["＿", ["blade-fullwidth-underscore"]],
    ["_", ["blade-fullwidth-underscore"]],
    ["a＿b", ["blade-fullwidth-underscore"]],
    ["＼", ["charm-backslashes", "shield-small-forms"]],
    ["∖", ["charm-backslashes", "shield-small-forms"]],
    ["﹨", ["charm-backslashes", "shield-small-forms"]],
    ["\\", ["charm-backslashes", "shield-small-forms"]],
    ["50％", ["tonic-fullwidth-percent"]],
    ["﹪﹨", ["shield-small-forms"]],
  ])("%s finds only the names holding it after folding", async (query, expected) => {
    expect(await ids(namesContain(query))).toEqual(expected);
  });

  it("starts-with finds only names starting with the look-alike, in either language", async () => {
    expect(await ids(namesStartWith("﹪"))).toEqual(["shield-small-forms"]);
    expect(await ids(namesStartWith("a＿"))).toEqual(["blade-fullwidth-underscore"]);
    expect(await ids(namesStartWith("＼"))).toEqual([]);
  });

  it.each([...WILDCARDS, ...LOOKALIKES])("the catalog and the search API find no more than the literal %s", async (query) => {
    const literal = await literallyContaining(query);
    expect(literal.length).toBeGreaterThan(0);
    const { items, total } = await listItems(db(), filters(query), "vi");
    expect(total).toBe(literal.length);
    expect(items.map((item) => item.id).sort()).toEqual(literal);
    const hits = await searchContent(db(), query, { limit: 50 });
    expect(hits.map((hit) => hit.id).sort()).toEqual(literal);
  });

  it("a＿b is not a pattern: its literal tiers find a＿b, never axb", async () => {
    const hits = await searchContent(db(), "a＿b", { limit: 50 });
    expect(hits.filter((hit) => hit.match.type !== "fuzzy").map((hit) => hit.id)).toEqual(["blade-fullwidth-underscore"]);
  });

  it("never matches more (or less) than the literal text would, whatever the text (property)", async () => {
    const unit = fc.oneof(
      fc.constantFrom(...WILDCARDS, ...LOOKALIKES, "a", "b", "x", " ", "5", "0", "Đ", "á"),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter((char) => char !== "\0"),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ unit, maxLength: 6 }), async (query) => {
        expect(await ids(namesContain(query))).toEqual(await literallyContaining(query));
        expect(await ids(namesStartWith(query))).toEqual(await literallyStartingWith(query));
      }),
      { numRuns: 1_000 },
    );
  }, 120_000);
});
