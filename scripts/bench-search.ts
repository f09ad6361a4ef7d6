import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { getEntry } from "../server/content/catalog.ts";
import { ensureContent } from "../server/content/content-store.ts";
import { refreshNameWords } from "../server/content/name-match.ts";
import { searchContent } from "../server/content-api/search.ts";
import { createLogger } from "../server/logger.ts";
import { percentile } from "./bench-budgets.ts";

const CATALOG_SIZE = 100_000;
/**
 * Queries of every shape: accents left out, a misspelling ("giaap", "swrd"), words out of order ("sat kiem"),
 * a typo in a short word ("khein sat", "kiem sta", "dao hoa dime"), a typo that is itself a word ("ngua nua").
 */
const QUERIES = [
  "giap",
  "dao",
  "kiem sat",
  "giaap",
  "ngua",
  "long phuong",
  "thoi sat",
  "binh mau",
  "sat kiem",
  "iron swrd",
  "khein sat",
  "kiem sta",
  "dao hoa dime",
  "giap chna",
  "ngua nua",
];
const ROUNDS = 25;
export const SEARCH_BUDGET_P95_MS = 20;

async function timed(run: () => Promise<unknown>, rounds: number): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * Search over a generated catalog of 100,000 entries on PGlite (the demo pack's names, numbered),
 * beside a primary-key lookup in the same run: p50/p95 of each and their ratio.
 */
export async function benchSearch(): Promise<{ searchP95: number; lookupP95: number }> {
  const connection = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateDatabase(connection);
    const { db } = connection;
    await ensureContent(db, createLogger("error"));
    await db.execute(sql`
      insert into content_entries (kind, id, position, data, name_vi, name_en)
      select 'items', 'generated-' || g, 100000 + g,
             jsonb_build_object('id', 'generated-' || g, 'name', jsonb_build_object('vi', w.vi || ' ' || g, 'en', w.en || ' ' || g)),
             w.vi || ' ' || g, w.en || ' ' || g
      from generate_series(1, ${CATALOG_SIZE}) as g
      join (select (row_number() over ()) - 1 as i, name_vi as vi, name_en as en from content_entries) as w
        on w.i = g % (select count(*) from content_entries)`);
    await refreshNameWords(db);
    await db.execute(sql`vacuum analyze content_entries, content_words`);
    await timed(() => searchContent(db, "giap", { limit: 20 }), 3);
    // One query at a time: the connection runs one statement at a time, so concurrent searches
    // would time their wait in its queue rather than the search.
    const byQuery = new Map<string, number[]>();
    for (const query of QUERIES) byQuery.set(query, await timed(() => searchContent(db, query, { limit: 20 }), ROUNDS));
    const search = [...byQuery.values()].flat();
    const lookup = await timed(
      () => getEntry(db, "items", `generated-${1 + Math.floor(Math.random() * CATALOG_SIZE)}`),
      QUERIES.length * ROUNDS,
    );
    const searchP95 = percentile(search, 95);
    const lookupP95 = percentile(lookup, 95);
    console.log(`\nSearch over ${CATALOG_SIZE.toLocaleString("en-US")} generated entries (PGlite, ${search.length} searches)\n`);
    const row = (label: string, samples: number[]) =>
      console.log(
        `${label.padEnd(20)} ${percentile(samples, 50).toFixed(1).padStart(6)}  ${percentile(samples, 95).toFixed(1).padStart(6)}`,
      );
    console.log(`query                p50 ms  p95 ms`);
    for (const [query, samples] of byQuery) row(`  "${query}"`, samples);
    row(`search (${QUERIES.length} queries)`, search);
    row("primary-key lookup", lookup);
    console.log(
      `search p95 / lookup p95 = ${(searchP95 / Math.max(lookupP95, 0.001)).toFixed(1)}; aim p95 ≤ ${SEARCH_BUDGET_P95_MS} ms: ${searchP95 <= SEARCH_BUDGET_P95_MS ? "PASS" : "FAIL"}`,
    );
    return { searchP95, lookupP95 };
  } finally {
    await connection.close();
  }
}

if (import.meta.main) await benchSearch();
