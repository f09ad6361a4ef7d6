import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "../../db/client.ts";
import { testEngines } from "../../db/testing.ts";
import { DEMO_PACK_DIR, ensureContent } from "../content/content-store.ts";
import { loadPack } from "../content/load-pack.ts";
import type { ContentPack } from "../../universal/content/pack-schema.ts";
import { call, createTestApp, silentLogger, type TestApp } from "../testing.ts";
import { COLLECTIONS } from "./collections.ts";
import type { JsonValue } from "./cursor.ts";
import { searchStatement, type SearchTier } from "./search.ts";

type Entry = Record<string, unknown> & { id: string };
type Where = [string, string, JsonValue];

// ---------------------------------------------------------------------------------------------
// An oracle of the document database's semantics over the pack in memory.

function fieldOf(entry: unknown, path: string): JsonValue | undefined {
  let value: unknown = entry;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value as JsonValue;
}

const typeRank = (value: JsonValue) =>
  value === null
    ? 0
    : typeof value === "boolean"
      ? 1
      : typeof value === "number"
        ? 2
        : typeof value === "string"
          ? 3
          : Array.isArray(value)
            ? 4
            : 5;

function equal(a: JsonValue, b: JsonValue): boolean {
  if (typeRank(a) !== typeRank(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as JsonValue[]).length && a.every((element, index) => equal(element, (b as JsonValue[])[index] as JsonValue));
  if (a !== null && typeof a === "object") {
    const other = b as Record<string, JsonValue>;
    return (
      Object.keys(a).length === Object.keys(other).length &&
      Object.entries(a).every(([key, value]) => key in other && equal(value, other[key] as JsonValue))
    );
  }
  return a === b;
}

/** Scalars only: null < booleans < numbers < strings; strings by code point (all BMP here). */
function compare(a: JsonValue, b: JsonValue): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (a === null) return 0;
  return (a as number | string | boolean) < (b as number | string | boolean)
    ? -1
    : (a as number | string | boolean) > (b as number | string | boolean)
      ? 1
      : 0;
}

function matches(entry: Entry, [path, op, value]: Where): boolean {
  const x = fieldOf(entry, path);
  if (x === undefined) return false;
  const list = value as JsonValue[];
  switch (op) {
    case "==":
      return equal(x, value);
    case "!=":
      return x !== null && !equal(x, value);
    case "<":
    case "<=":
    case ">":
    case ">=": {
      if (typeRank(x) !== typeRank(value)) return false;
      const order = compare(x, value);
      return { "<": order < 0, "<=": order <= 0, ">": order > 0, ">=": order >= 0 }[op];
    }
    case "in":
      return list.some((candidate) => equal(x, candidate));
    case "not-in":
      return !list.includes(null) && x !== null && !list.some((candidate) => equal(x, candidate));
    case "array-contains":
      return Array.isArray(x) && x.some((element) => equal(element, value));
    case "array-contains-any":
      return Array.isArray(x) && x.some((element) => list.some((candidate) => equal(element, candidate)));
  }
  throw new Error(`no oracle for ${op}`);
}

// ---------------------------------------------------------------------------------------------

describe.each(testEngines)("public data API on %s", (engine) => {
  let t: TestApp;
  let pack: ContentPack;
  let items: Entry[];
  let address = 0;

  beforeAll(async () => {
    // Queries are POSTs, which the app's write limit counts per address: each request gets its own.
    t = await createTestApp(engine, { TRUST_PROXY: "true" });
    await ensureContent(t.db, silentLogger);
    pack = await loadPack(DEMO_PACK_DIR);
    items = pack.items as unknown as Entry[];
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const nextAddress = () => `10.9.${(address >> 8) & 255}.${address++ & 255}`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    call(t.app, path, { headers: { "X-Forwarded-For": nextAddress(), ...headers } });
  const query = (body: unknown) => call(t.app, "/api/v1/query", { body, headers: { "X-Forwarded-For": nextAddress() } });
  const ids = async (body: unknown) => {
    const response = await query(body);
    const json = await response.json();
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(json)}`);
    return (json.data as Entry[]).map((entry) => entry.id);
  };
  const refusal = async (response: Response) => {
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error.code).toBe("invalid-argument");
    return body.error.message as string;
  };

  describe("GET /api/v1/{collection}/{id}", () => {
    it("answers an entry of every collection, as it is in the pack", async () => {
      const response = await get("/api/v1/items/iron-sword");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ data: items.find((item) => item.id === "iron-sword") });
      for (const collection of COLLECTIONS) {
        const kind = collection.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as keyof ContentPack;
        const first = (pack[kind] as Entry[])[0] as Entry;
        const answer = await get(`/api/v1/${collection}/${first.id}`);
        expect(answer.status, collection).toBe(200);
        const expected = collection === "events" ? { ...first, occurrence: expect.any(Object) } : first;
        expect((await answer.json()).data, collection).toEqual(expected);
      }
    });

    it("gives an event its occurrence now: running, or the next one, in UTC", async () => {
      const running = (await (await get("/api/v1/events/lantern-festival")).json()).data; // from 3 days ago, for 10 days
      expect(running.schedule).toEqual(pack.events.find((event) => event.id === "lantern-festival")?.schedule);
      expect(running.occurrence.status).toBe("running");
      const [start, end] = [Date.parse(running.occurrence.startsAt), Date.parse(running.occurrence.endsAt)];
      expect(running.occurrence.startsAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(start).toBeLessThanOrEqual(Date.now());
      expect(end - start).toBe(240 * 3_600_000);
      const upcoming = (await (await get("/api/v1/events/meteor-shower")).json()).data; // in 54 hours
      expect(upcoming.occurrence.status).toBe("upcoming");
      expect(Date.parse(upcoming.occurrence.startsAt)).toBeGreaterThan(Date.now());

      const listed = await (await query({ collection: "events", limit: 100 })).json();
      expect(listed.data).toHaveLength(pack.events.length);
      for (const event of listed.data) expect(["running", "upcoming", "ended"]).toContain(event.occurrence.status);
      expect(listed.data.find((event: Entry) => event.id === "lantern-festival").occurrence).toEqual(running.occurrence);
    });

    it("answers 404 for an unknown id, and for an unknown collection with the list of collections", async () => {
      const missing = await get("/api/v1/items/no-such-item");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: { code: "not-found", message: "No entry 'no-such-item' in items." } });
      expect((await get("/api/v1/items/Not%20An%20Id")).status).toBe(404);
      expect((await get("/api/v1/classes/iron-sword")).status).toBe(404); // the right id in the wrong collection

      const unknown = await get("/api/v1/weapons/iron-sword");
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({
        error: { code: "not-found", message: `Unknown collection 'weapons'. Collections: ${COLLECTIONS.join(", ")}.` },
      });
      expect((await get("/api/v1/runeSets/x")).status).toBe(404); // the kebab-case name only
    });
  });

  describe("POST /api/v1/query", () => {
    const filters: Where[][] = [
      [["rarity", "==", "epic"]],
      [["name.vi", "==", "Kiếm Sắt"]],
      [["stats.attack", "==", 14]],
      [["slot", "!=", "mainHand"]],
      [["level", "<", 10]],
      [["level", "<=", 10]],
      [["level", ">", 80]],
      [["level", ">=", 80]],
      [
        ["name.en", ">=", "S"],
        ["name.en", "<", "T"],
      ],
      [["level", ">", "10"]], // a string never matches numbers
      [["rarity", "in", ["epic", "legendary"]]],
      [["level", "in", [5, 10, "5"]]],
      [["rarity", "not-in", ["common", "uncommon"]]],
      [["slot", "not-in", ["mainHand", "offHand"]]], // entries without a slot are left out
      [["rarity", "not-in", ["common", null]]], // a null in the list matches nothing
      [["tags", "array-contains", "starter"]],
      [["obtain", "array-contains", { method: "shop", source: "marker:harbor-market" }]],
      [["obtain", "array-contains", { method: "shop" }]], // equality, not containment
      [["tags", "array-contains-any", ["sword", "saber"]]],
      [
        ["level", ">=", 20],
        ["tags", "array-contains-any", ["amber", "ember"]],
        ["rarity", "!=", "epic"],
      ],
      [["slot", "==", null]], // missing is not null
      [
        ["stats.attack", ">", 0],
        ["type", "==", "weapon"],
        ["level", "<=", 40],
      ],
    ];

    it.each(filters.map((where) => [JSON.stringify(where), where] as const))(
      "filters %s like the document database",
      async (_name, where) => {
        const expected = items.filter((item) => where.every((filter) => matches(item, filter))).map((item) => item.id);
        expect(await ids({ collection: "items", where, limit: 100 })).toEqual(expected.slice(0, 100));
      },
    );

    it("matches null, and != null, on a field that holds null", async () => {
      const levels = pack.levels as unknown as Entry[];
      expect(await ids({ collection: "levels", where: [["xpToNext", "==", null]] })).toEqual(["level-100"]);
      const notNull = await ids({ collection: "levels", where: [["xpToNext", "!=", null]], limit: 100 });
      expect(notNull).toEqual(levels.filter((level) => level.xpToNext !== null).map((level) => level.id));
      expect(await ids({ collection: "levels", where: [["xpToNext", "<", null]] })).toEqual([]);
      expect(await ids({ collection: "levels", where: [["xpToNext", ">=", null]] })).toEqual(["level-100"]);
    });

    it("pages through every item in pack order, without duplicates or gaps", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await query({ collection: "items", limit: 25, startAfter: cursor });
        const body = (await response.json()) as { data: Entry[]; nextCursor: string | null };
        seen.push(...body.data.map((entry) => entry.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor);
      expect(seen).toEqual(items.map((item) => item.id));
      expect(pages).toBe(Math.ceil(items.length / 25));
    });

    const orders: { orderBy: [string, "asc" | "desc"][]; where?: Where[]; limit: number }[] = [
      { orderBy: [["level", "desc"]], limit: 7 },
      {
        orderBy: [
          ["rarity", "asc"],
          ["level", "desc"],
        ],
        limit: 11,
      },
      {
        orderBy: [
          ["slot", "asc"],
          ["stats.defense", "desc"],
        ],
        limit: 9,
      }, // leaves out entries without them
      { orderBy: [["name.vi", "asc"]], limit: 13 },
      { orderBy: [["level", "asc"]], where: [["type", "in", ["armor", "weapon"]]], limit: 6 },
    ];

    it.each(orders.map((order) => [JSON.stringify(order), order] as const))(
      "pages through %s without duplicates or gaps",
      async (_name, order) => {
        const direction = (order.orderBy.at(-1) as [string, string])[1] === "desc" ? -1 : 1;
        const expected = items
          .filter((item) => (order.where ?? []).every((filter) => matches(item, filter)))
          .filter((item) => order.orderBy.every(([path]) => fieldOf(item, path) !== undefined))
          .sort((a, b) => {
            for (const [path, dir] of order.orderBy) {
              const difference = compare(fieldOf(a, path) as JsonValue, fieldOf(b, path) as JsonValue);
              if (difference !== 0) return dir === "desc" ? -difference : difference;
            }
            return (a.id < b.id ? -1 : 1) * direction;
          })
          .map((item) => item.id);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const response = await query({ collection: "items", ...order, startAfter: cursor });
          const body = (await response.json()) as { data: Entry[]; nextCursor: string | null };
          expect(response.status, JSON.stringify(body)).toBe(200);
          expect(body.data.length).toBeLessThanOrEqual(order.limit);
          seen.push(...body.data.map((entry) => entry.id));
          cursor = body.nextCursor;
        } while (cursor);
        expect(expected.length).toBeGreaterThan(order.limit);
        expect(seen).toEqual(expected);
      },
    );

    it("answers nextCursor null on the last page, and the default limit of 20", async () => {
      const first = await (await query({ collection: "items" })).json();
      expect(first.data).toHaveLength(20);
      expect(typeof first.nextCursor).toBe("string");
      const all = await (await query({ collection: "classes" })).json();
      expect(all.data).toHaveLength(pack.classes.length);
      expect(all.nextCursor).toBeNull();
    });

    it.each([
      [
        {
          collection: "items",
          where: [
            ["level", "!=", 1],
            ["rarity", "!=", "common"],
          ],
        },
        "Invalid query. You cannot use more than one '!=' filter.",
      ],
      [
        {
          collection: "items",
          where: [
            ["level", "!=", 1],
            ["rarity", "not-in", ["common"]],
          ],
        },
        "Invalid query. You cannot use 'not-in' filters with '!=' filters.",
      ],
      [
        {
          collection: "items",
          where: [
            ["rarity", "not-in", ["common"]],
            ["level", "!=", 1],
          ],
        },
        "Invalid query. You cannot use '!=' filters with 'not-in' filters.",
      ],
      [
        {
          collection: "items",
          where: [
            ["rarity", "in", ["epic"]],
            ["level", "not-in", [1]],
          ],
        },
        "Invalid query. You cannot use 'not-in' filters with 'in' filters.",
      ],
      [
        {
          collection: "items",
          where: [
            ["rarity", "not-in", ["common"]],
            ["tags", "array-contains-any", ["sword"]],
          ],
        },
        "Invalid query. You cannot use 'array-contains-any' filters with 'not-in' filters.",
      ],
      [
        {
          collection: "items",
          where: [
            ["rarity", "not-in", ["common"]],
            ["level", "not-in", [1]],
          ],
        },
        "Invalid query. You cannot use more than one 'not-in' filter.",
      ],
      [{ collection: "items", where: [["rarity", "in", []]] }, "Invalid Query. A non-empty array is required for 'in' filters."],
      [
        { collection: "items", where: [["level", "in", Array.from({ length: 31 }, (_, index) => index)]] },
        "Invalid Query. 'in' filters support a maximum of 30 elements in the value array.",
      ],
      [
        { collection: "items", where: [["level", "~", 1]] },
        "Invalid query. where[0]: unknown operator '~'. Operators: ==, !=, <, <=, >, >=, in, not-in, array-contains, array-contains-any.",
      ],
      [
        { collection: "items", where: [["data'); drop table users; --", "==", 1]] },
        "Invalid query. where[0]: invalid field path 'data'); drop table users; --'. Use names of letters, digits and _ joined by dots (e.g. 'level', 'name.vi', 'stats.attack').",
      ],
      [{ collection: "items", limit: 101 }, "Invalid query. 'limit' must be an integer from 1 to 100, not 101."],
      [{ collection: "weapons" }, `Unknown collection 'weapons'. Collections: ${COLLECTIONS.join(", ")}.`],
      [
        { collection: "items", startAfter: "bm90LWEtY3Vyc29y" },
        "Invalid query. 'startAfter' is not a valid cursor: pass the nextCursor of a previous answer unchanged.",
      ],
      [{ collection: "items", where: "level > 3" }, "Invalid query. 'where' must be an array of [field, operator, value] filters."],
    ])("refuses %j with 400 and the message", async (body, message) => {
      expect(await refusal(await query(body))).toBe(message);
    });

    it("refuses a body that is not JSON, and a cursor of another query", async () => {
      const response = await call(t.app, "/api/v1/query", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": nextAddress() },
        body: undefined,
      });
      expect(await refusal(response)).toBe("The request body must be JSON.");
      const { nextCursor } = await (await query({ collection: "items", orderBy: [["level", "asc"]], limit: 5 })).json();
      expect(await refusal(await query({ collection: "items", orderBy: [["level", "desc"]], startAfter: nextCursor }))).toBe(
        "Invalid query. 'startAfter' is a cursor of another query: keep the same collection and orderBy when paging.",
      );
      expect(await refusal(await query({ collection: "pets", orderBy: [["level", "asc"]], startAfter: nextCursor }))).toMatch(
        /another query/,
      );
    });
  });

  describe("GET /api/v1/search", () => {
    const search = async (params: string) => {
      const response = await get(`/api/v1/search?${params}`);
      const body = await response.json();
      if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(body)}`);
      return body.data as {
        kind: string;
        id: string;
        name: { vi: string; en: string };
        match: { language: string; type: string };
        score: number;
      }[];
    };

    it("finds Giáp for 'giap' and Đao for 'dao', ignoring diacritics and case", async () => {
      const giap = await search("q=giap");
      expect(giap.length).toBeGreaterThan(5);
      expect(giap.slice(0, 5).every((hit) => hit.name.vi.includes("Giáp"))).toBe(true);
      expect(giap[0]?.match).toEqual({ language: "vi", type: "prefix" });
      expect(await search("q=GI%C3%81P")).toEqual(giap); // "GIÁP"

      const dao = await search("q=dao&limit=50");
      expect(dao.map((hit) => `${hit.kind}/${hit.id}`)).toContain("items/iron-saber");
      expect(dao[0]?.name.vi.startsWith("Đao")).toBe(true);
    });

    it("answers the kind as the collection name, the localized name, the icon and the match", async () => {
      const [hit] = await search("q=iron%20sword&limit=1");
      expect(hit).toEqual({
        kind: "items",
        id: "iron-sword",
        name: { vi: "Kiếm Sắt", en: "Iron Sword" },
        icon: "game-icons:broadsword",
        match: { language: "en", type: "exact" },
        score: 1,
      });
      const runeSets = await search("q=a&kind=rune-sets&limit=50");
      expect(runeSets.every((each) => each.kind === "rune-sets")).toBe(true);
    });

    it("still finds a name with a one-letter typo", async () => {
      expect((await search("q=iron%20swrd"))[0]?.id).toBe("iron-sword");
      const [first] = await search("q=kiem%20sal");
      expect(first).toMatchObject({ id: "iron-sword", match: { language: "vi", type: "fuzzy" } });
    });

    it.each([
      ["khein sat", "items/iron-shield"], // Khiên Sắt: two letters swapped
      ["thoi sta", "items/iron-ingot"], // Thỏi Sắt
      ["giap chna", "items/bluefrost-greaves"], // Giáp Chân Băng Lam, the first Giáp Chân
      ["ngua nua", "mounts/brown-horse"], // Ngựa Nâu: "nua" is a word too, but no name holds "ngua" and "nua"
      ["dao hoa dime", "items/ember-saber"], // Đao Hỏa Diệm
      ["kiem sta", "items/iron-sword"], // Kiếm Sắt before Kiếm Tinh Lạc / Starfallen Sword
      ["lantren", "mounts/lantern-boat"],
      ["brwn horse", "mounts/brown-horse"],
    ])("corrects a typo in a short word: %s finds %s first", async (query, first) => {
      const hits = await search(`q=${encodeURIComponent(query)}`);
      expect(hits.map((hit) => `${hit.kind}/${hit.id}`)[0]).toBe(first);
      expect(hits[0]?.match.type).toBe("fuzzy");
    });

    it("finds a name that a word of the query and a lookalike of another hold only when nothing holds them as typed", async () => {
      expect((await search("q=ngua%20nua&limit=50")).map((hit) => hit.id)).toEqual(["brown-horse"]);
      const [chan] = await search("q=giap%20chan&limit=1");
      expect(chan?.match.type).toBe("prefix");
      expect((await search("q=kiem%20sta&limit=50")).map((hit) => hit.id)).toContain("starfallen-sword"); // a word being typed
    });

    it("finds the words in another order, after every name containing the query", async () => {
      const hits = await search("q=sat%20kiem&limit=50");
      expect(hits.find((hit) => hit.id === "iron-sword")?.match).toEqual({ language: "vi", type: "fuzzy" });
      expect(hits.every((hit) => hit.match.type === "fuzzy")).toBe(true);
    });

    it("corrects a misspelt word and ranks the corrected names by the same rules", async () => {
      const hits = await search("q=giaap&limit=50");
      expect(hits.length).toBeGreaterThan(5);
      expect(hits.slice(0, 5).every((hit) => hit.name.vi.startsWith("Giáp"))).toBe(true);
      expect(hits.every((hit) => hit.match.type === "fuzzy")).toBe(true);
      expect(new Set(hits.map((hit) => `${hit.kind}/${hit.id}`)).size).toBe(hits.length);
    });

    it("ranks the exact name first, then names starting with the query, then the rest", async () => {
      const hits = await search("q=linh%20thao&limit=10");
      expect(hits[0]).toMatchObject({ kind: "items", id: "spirit-herb", match: { language: "vi", type: "exact" } });
      const types = hits.map((hit) => ["exact", "prefix", "word", "contains", "fuzzy"].indexOf(hit.match.type));
      expect(types).toEqual([...types].sort((a, b) => a - b));
      expect(hits.map((hit) => hit.id)).toEqual(expect.arrayContaining(["spirit-ink", "fish-congee", "craft-spirit-ink"]));
    });

    it("gives one hit per level rank, the rank's first level, not one per level", async () => {
      const hits = (await (await get("/api/v1/search?q=tan%20thu&limit=50")).json()).data as { kind: string; id: string }[];
      expect(hits.filter((hit) => hit.kind === "levels").map((hit) => hit.id)).toEqual(["level-1"]);
    });

    it("takes the query text literally", async () => {
      expect(await search("q=%25")).toEqual([]);
      expect(await search("q=_")).toEqual([]);
    });

    it.each([
      ["", "'q' is required: the text to search for, 1 to 100 characters."],
      ["q=%20%20", "'q' is required: the text to search for, 1 to 100 characters."],
      [`q=${"a".repeat(101)}`, "'q' is required: the text to search for, 1 to 100 characters."],
      ["q=giap%00", "'q' must not contain control characters."],
      ["q=gi%0Bap", "'q' must not contain control characters."],
      ["q=giap&limit=0", "'limit' must be an integer from 1 to 50."],
      ["q=giap&limit=51", "'limit' must be an integer from 1 to 50."],
      ["q=giap&limit=ten", "'limit' must be an integer from 1 to 50."],
      ["q=giap&kind=weapons", `Unknown collection 'weapons'. Collections: ${COLLECTIONS.join(", ")}.`],
    ])("refuses ?%s with 400", async (params, message) => {
      expect(await refusal(await get(`/api/v1/search?${params}`))).toBe(message);
    });

    it.each([
      [{ startWith: "giap" }, ["content_entries_folded_vi_prefix", "content_entries_folded_en_prefix"]],
      [{ contain: "giap" }, ["content_entries_name_search"]],
    ] satisfies [SearchTier, string[]][])("reads the %o tier from its indexes (EXPLAIN)", async (tier, indexes) => {
      // On a pack this small the planner may rightly prefer a sequential scan; with it priced out,
      // the plan must read the tier's indexes.
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<{ "QUERY PLAN": string }>(
          tx as unknown as Database,
          sql`explain ${searchStatement("giap", tier, { limit: 20 })}`,
        );
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).not.toContain("Seq Scan");
      for (const index of indexes) expect(plan).toMatch(new RegExp(`(on|using) ${index} `));
    });
  });

  describe("caching", () => {
    it("answers GETs with an ETag and Cache-Control, and 304 to If-None-Match", async () => {
      for (const path of ["/api/v1/items/iron-sword", "/api/v1/search?q=giap", "/api/docs"]) {
        const first = await get(path);
        expect(first.status, path).toBe(200);
        const etag = first.headers.get("ETag");
        expect(etag, path).toMatch(/^W\/"[^"]+"$/);
        expect(first.headers.get("Cache-Control")).toBe("public, max-age=60");
        const again = await get(path, { "If-None-Match": `"something-else", ${etag}` });
        expect(again.status, path).toBe(304);
        expect(again.headers.get("ETag")).toBe(etag);
        expect(await again.text()).toBe("");
      }
      const sword = (await get("/api/v1/items/iron-sword")).headers.get("ETag");
      const saber = (await get("/api/v1/items/iron-saber")).headers.get("ETag");
      expect(sword).not.toBe(saber);
      expect((await get("/api/v1/search?q=giap&limit=5")).headers.get("ETag")).toBe(
        (await get("/api/v1/search?limit=5&q=giap")).headers.get("ETag"),
      );
      expect((await get("/api/v1/items/no-such-item")).headers.get("ETag")).toBeNull();
    });

    it("changes the ETag when the content pack changes", async () => {
      const before = (await get("/api/v1/items/iron-sword")).headers.get("ETag") ?? "";
      const [{ checksum } = { checksum: "" }] = (
        (await t.db.execute(sql`select checksum from content_packs`)) as unknown as { rows: { checksum: string }[] }
      ).rows;
      await t.db.execute(sql`update content_packs set checksum = 'another-pack'`);
      try {
        const after = await get("/api/v1/items/iron-sword", { "If-None-Match": before });
        expect(after.status).toBe(200);
        expect(after.headers.get("ETag")).not.toBe(before);
      } finally {
        await t.db.execute(sql`update content_packs set checksum = ${checksum}`);
      }
    });
  });

  describe("CORS", () => {
    const elsewhere = { Origin: "https://fan-site.example" };

    it("allows any origin on /api/v1/*, without credentials, errors included", async () => {
      for (const response of [
        await get("/api/v1/items/iron-sword", elsewhere),
        await get("/api/v1/items/no-such-item", elsewhere),
        await get("/api/v1/search?q=dao", elsewhere),
        await call(t.app, "/api/v1/query", { body: { collection: "items" }, headers: { ...elsewhere, "X-Forwarded-For": nextAddress() } }),
        await call(t.app, "/api/v1/query", { body: { collection: "nope" }, headers: { ...elsewhere, "X-Forwarded-For": nextAddress() } }),
      ]) {
        expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
        expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
        expect(response.headers.get("Access-Control-Expose-Headers")).toBe("ETag");
      }
    });

    it("answers a preflight", async () => {
      const response = await call(t.app, "/api/v1/query", {
        method: "OPTIONS",
        headers: {
          ...elsewhere,
          "X-Forwarded-For": nextAddress(),
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
      expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
      expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    });
  });

  describe("GET /api/docs", () => {
    it.each(["en", "vi"])("serves a self-contained page (?lang=%s) that passes the CSP", async (lang) => {
      const response = await get(`/api/docs?lang=${lang}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).not.toMatch(/<script|<link|src=|url\(|@import|\son[a-z]+=/i);
      for (const text of ["/api/v1/query", "/api/v1/search", "array-contains-any", "not-in", "startAfter", "If-None-Match"])
        expect(html).toContain(text);
      expect(html).toContain(lang === "vi" ? "Bộ sưu tập" : "Collections");
    });

    it("speaks the visitor's language without ?lang=: the locale cookie, else Vietnamese", async () => {
      const language = async (headers: Record<string, string>) =>
        /<html lang="([a-z]+)">/.exec(await (await get("/api/docs", headers)).text())?.[1];
      expect(await language({})).toBe("vi");
      expect(await language({ Cookie: "locale=en-US" })).toBe("en");
      expect(await language({ Cookie: "locale=vi" })).toBe("vi");
      const english = await get("/api/docs", { Cookie: "locale=en-US" });
      expect(english.headers.get("Vary")).toContain("Cookie");
      const tag = english.headers.get("ETag") ?? "";
      expect((await get("/api/docs", { Cookie: "locale=en-US", "If-None-Match": tag })).status).toBe(304);
      expect((await get("/api/docs", { Cookie: "locale=vi", "If-None-Match": tag })).status).toBe(200);
    });
  });
});
