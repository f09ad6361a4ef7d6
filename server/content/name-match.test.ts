import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { silentLogger } from "../testing.ts";
import { ensureContent } from "./content-store.ts";
import {
  correctedQuery,
  editDistance,
  lookalikesWiden,
  oneEditSpellings,
  resemblingWidens,
  spellingAlternatives,
  withLookalikes,
} from "./name-match.ts";

describe("edit distance", () => {
  it.each([
    ["khein", "khien", 1],
    ["sta", "sat", 1],
    ["giaap", "giap", 1],
    ["brwn", "brown", 1],
    ["nua", "nau", 1],
    ["lantren", "lantern", 1],
    ["kiem", "kiem", 0],
    ["giaap", "gian", 2],
    ["ca", "abc", 3], // optimal string alignment: no substring edited twice
  ])("counts %s -> %s as %i edits", (a, b, edits) => {
    expect(editDistance(a, b)).toBe(edits);
    expect(editDistance(b, a)).toBe(edits);
  });

  it("ranks a swap of neighbouring letters below other edits when told its cost", () => {
    expect(editDistance("nua", "nau", 0.5)).toBe(0.5);
    expect(editDistance("nua", "lua", 0.5)).toBe(1);
  });

  it("spells every string one edit away, and only those", () => {
    const spellings = oneEditSpellings("sta");
    for (const word of ["sat", "star", "sa", "sea", "tsa", "asta"]) expect(spellings).toContain(word);
    expect(spellings).not.toContain("sta");
    expect([...spellings].every((spelling) => editDistance("sta", spelling) === 1)).toBe(true);
    // Deletions, swaps, substitutions and insertions, less the three insertions doubling a letter twice over ("ssta").
    expect(spellings.size).toBe(3 + 2 + 3 * 25 + (4 * 26 - 3));
  });
});

describe.each(testEngines)("spelling alternatives on %s", (engine) => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.connection.db;
    await ensureContent(db, silentLogger);
  });
  afterAll(() => database.dispose());

  it("leaves words of the names as they are, folded", async () => {
    const words = await spellingAlternatives(db, "Kiếm SẮT");
    expect(words.map(({ word, alternatives }) => ({ word, alternatives }))).toEqual([
      { word: "kiem", alternatives: [{ word: "kiem", closeness: 1 }] },
      { word: "sat", alternatives: [{ word: "sat", closeness: 1 }] },
    ]);
    expect(correctedQuery(words)).toBeNull();
    expect(resemblingWidens(words)).toBe(true); // two words: they may come in another order
  });

  it("looks at ten words at most, so that a long query costs no more than the longest name", async () => {
    const twelve = "mot hai ba bon nam sau bay tam chin muoi muoimot muoihai";
    expect((await spellingAlternatives(db, twelve)).map(({ word }) => word)).toEqual(twelve.split(" ").slice(0, 10));
  });

  it("corrects a misspelt word to the closest words of the names, closest first", async () => {
    const [giaap] = await spellingAlternatives(db, "giaap");
    expect(giaap?.alternatives[0]?.word).toBe("giap");
    expect(giaap?.alternatives.length).toBeLessThanOrEqual(3);
    const closeness = giaap?.alternatives.map((alternative) => alternative.closeness) ?? [];
    expect(closeness).toEqual([...closeness].sort((a, b) => b - a));
    expect(correctedQuery(await spellingAlternatives(db, "iron swrd"))).toBe("iron sword");
    expect(correctedQuery(await spellingAlternatives(db, "brwn horse"))).toBe("brown horse");
    expect(correctedQuery(await spellingAlternatives(db, "lantren"))).toBe("lantern"); // before "lan", as alike in trigrams
  });

  it.each([
    ["khein sat", "khien sat"],
    ["thoi sta", "thoi sat"],
    ["giap chna", "giap chan"],
    ["dao hoa dime", "dao hoa diem"],
    ["kiem sta", "kiem sat"], // "sat" (a swap) before "star" (a letter added)
  ])("corrects a typo in a short word: %s -> %s", async (query, corrected) => {
    expect(correctedQuery(await spellingAlternatives(db, query))).toBe(corrected);
  });

  it("ranks a correction closer in edits above a farther one, and any within reach above trigram lookalikes", async () => {
    const [sta] = await spellingAlternatives(db, "sta");
    expect(sta?.alternatives.map((alternative) => alternative.word)).toEqual(["sat", "star", "sa"]); // star and sa: more entries than stag, sea
    const [lantren] = await spellingAlternatives(db, "lantren");
    expect(lantren?.alternatives[0]).toEqual({ word: "lantern", closeness: 0.667 });
    expect(lantren?.alternatives.slice(1).every((alternative) => alternative.closeness < 0.3)).toBe(true);
  });

  it("keeps a word of the names and its lookalikes for when the words as typed find nothing together", async () => {
    const words = await spellingAlternatives(db, "ngua nua");
    expect(words.map((entry) => entry.alternatives)).toEqual([[{ word: "ngua", closeness: 1 }], [{ word: "nua", closeness: 1 }]]);
    expect(correctedQuery(words)).toBeNull();
    expect(words[1]?.lookalikes[0]).toEqual({ word: "nau", closeness: 0.667 });
    expect(lookalikesWiden(words)).toBe(true);
    const widened = withLookalikes(words);
    expect(widened[1]?.alternatives.map((alternative) => alternative.word)).toEqual(["nua", "nau", "lua", "mua"]);
    expect(widened[0]?.alternatives.map((alternative) => alternative.word)).not.toContain("nua"); // another word of the query
    expect(lookalikesWiden(await spellingAlternatives(db, "giap"))).toBe(false); // a lone word of the names always finds them
  });

  it("does not correct a short word, nor one too far from every name", async () => {
    const words = await spellingAlternatives(db, "xq zzzzqqq");
    expect(words.map((entry) => entry.alternatives)).toEqual([[{ word: "xq", closeness: 1 }], [{ word: "zzzzqqq", closeness: 1 }]]);
    expect(correctedQuery(words)).toBeNull();
    expect(resemblingWidens(await spellingAlternatives(db, "giap"))).toBe(false);
    // A word being typed is matched as it is until it has three letters.
    const [ki] = await spellingAlternatives(db, "ki");
    expect(ki).toEqual({ word: "ki", alternatives: [{ word: "ki", closeness: 1 }], lookalikes: [] });
  });
});
