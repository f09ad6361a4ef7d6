import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { silentLogger } from "../testing.ts";
import { ensureContent } from "./content-store.ts";
import { correctedQuery, resemblingWidens, spellingAlternatives } from "./name-match.ts";

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
    expect(words).toEqual([
      { word: "kiem", alternatives: [{ word: "kiem", similarity: 1 }] },
      { word: "sat", alternatives: [{ word: "sat", similarity: 1 }] },
    ]);
    expect(correctedQuery(words)).toBeNull();
    expect(resemblingWidens(words)).toBe(true); // two words: they may come in another order
  });

  it("corrects a misspelt word to the closest words of the names, closest first", async () => {
    const [giaap] = await spellingAlternatives(db, "giaap");
    expect(giaap?.alternatives[0]?.word).toBe("giap");
    expect(giaap?.alternatives.length).toBeLessThanOrEqual(3);
    const similarities = giaap?.alternatives.map((alternative) => alternative.similarity) ?? [];
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    expect(correctedQuery(await spellingAlternatives(db, "iron swrd"))).toBe("iron sword");
  });

  it("does not correct a short word, nor one too far from every name", async () => {
    const words = await spellingAlternatives(db, "xq zzzzqqq");
    expect(words.map((entry) => entry.alternatives)).toEqual([[{ word: "xq", similarity: 1 }], [{ word: "zzzzqqq", similarity: 1 }]]);
    expect(correctedQuery(words)).toBeNull();
    expect(resemblingWidens(await spellingAlternatives(db, "giap"))).toBe(false);
  });
});
