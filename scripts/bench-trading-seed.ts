/**
 * Offers for the trading bench, generated in SQL (`insert … select generate_series`), on
 * PGlite or PostgreSQL alike, derived from the row number through `hashtext` (the same data on every
 * run and on both databases):
 *
 * - a history of `offers` offers over `spanDays`, ids following time: popular items and busy traders
 *   get many (a power law), both sides, every live server; what is older than an offer's life is
 *   completed (most), expired or cancelled, what is younger is mostly open, some reserved, completed
 *   or cancelled; one in 500 hidden by a moderator;
 * - on the benched item, exactly `openOnItem` more open offers (half sells, half buys) from
 *   `bookTraders` traders across the servers, and `tradesPerDay` completed trades a day over
 *   `tradeDays` days: its book and its price history;
 * - feedback on a third of the completed trades (both parties on some), and presence for a third of
 *   the traders; then `vacuum` and `analyze`, as autovacuum would have left a database that has been running.
 */
import { readFileSync } from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.ts";
import { element, GIVEN, HANDLES, int, lit, memberUid, pick, seedMembers, uniform } from "./bench-community-seed.ts";

const DAY_MS = 86_400_000;
/** How long an offer of the history stays open before it expires (the post form allows 1–30 days). */
const OFFER_LIFE_MS = 14 * DAY_MS;

export interface TradingSeed {
  /** Members who post and take offers (`bench-m1` …); the first ones are the busiest. */
  traders: number;
  /** The history: offers over every item but `plainItem`, the benched item first (the most popular) unless `historyOnItem` is false. */
  offers: number;
  spanDays: number;
  /** Whether the history includes the benched item (the query bench) or leaves it to its exact book (the page bench). */
  historyOnItem: boolean;
  /** Exact extra open offers on the benched item. */
  openOnItem: number;
  /** Traders who post those open offers. */
  bookTraders: number;
  tradesPerDay: number;
  tradeDays: number;
}

export interface SeededTrading {
  /** The benched item: its book and its price history. */
  itemId: string;
  /** An item of the same kind with no offer and no trade at all. */
  plainItemId: string;
  /** An item in the middle of the popularity order. */
  middleItemId: string;
  /** The live servers offers are posted on. */
  servers: string[];
  /** The trader with the most offers. */
  busiestTrader: string;
  /** Rows by status, for the report. */
  statuses: Record<string, number>;
  /** Open offers in the benched item's book (hidden ones aside). */
  openOnItem: number;
  /** Completed trades of the benched item in the last 90 days. */
  tradesOnItem: number;
}

interface PackItem {
  id: string;
  type?: string;
}

function packItems(): PackItem[] {
  return JSON.parse(readFileSync("content/demo/items.json", "utf8")) as PackItem[];
}

function liveServers(): string[] {
  const servers = JSON.parse(readFileSync("content/demo/servers.json", "utf8")) as { id: string; status: string }[];
  return servers.filter((server) => server.status !== "merged").map((server) => server.id);
}

/**
 * The second and third weapons: the benched item and the plain one. The first weapon's page is the one
 * `npm run bench` loads in Lighthouse (scripts/bench-pages.ts); it keeps an empty market, as before.
 */
export function benchedItems(): { itemId: string; plainItemId: string } {
  const weapons = packItems().filter((item) => item.type === "weapon");
  const [, item, plain] = weapons;
  if (!item || !plain) throw new Error("the pack has fewer than three weapons");
  return { itemId: item.id, plainItemId: plain.id };
}

function textArray(values: readonly string[]): SQL {
  return sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")}]::text[]`);
}

/** An index in [0, n) skewed to 0 (u² — the head is popular), from the row number and a salt. */
const skewed = (salt: string, n: number, row?: SQL): SQL => sql`floor(power(${uniform(salt, row)}, 2) * ${int(n)})::int`;

/** A price around the item's own level (50–20,050 gold, from its id), sells a little dearer than buys. */
const priceOf = (item: SQL, side: SQL, salt: string, row?: SQL): SQL =>
  sql`greatest(1, round((50 + ((hashtext(${item})::bigint + 2147483648) % 20000))
       * (case when ${side} = 'sell' then 0.9 else 0.75 end + 0.35 * ${uniform(salt, row)})))::bigint`;

/** A trader's character on a server, the same every time. */
const characterOf = (trader: SQL, server: SQL): SQL =>
  sql`(${textArray(HANDLES)})[1 + ((hashtext('c1' || ${trader} || ${server})::bigint + 2147483648) % ${int(HANDLES.length)})]
      || ' ' || (${textArray(GIVEN)})[1 + ((hashtext('c2' || ${trader})::bigint + 2147483648) % ${int(GIVEN.length)})]`;

const prefix = sql.raw(`'${memberUid(0).slice(0, -1)}'`);

async function seedHistory(db: Database, seed: TradingSeed, items: readonly string[], servers: readonly string[], now: number) {
  const spanMs = seed.spanDays * DAY_MS;
  // Ids follow time: row g was posted at `created`.
  const created = sql`(${int(now - spanMs)} + g::float8 * ${int(spanMs)} / ${int(seed.offers)})::bigint`;
  const r = sql`${uniform("status")}`;
  const status = sql`case when created > ${int(now - OFFER_LIFE_MS)}
      then case when ${r} < 0.55 then 'open' when ${r} < 0.60 then 'reserved' when ${r} < 0.85 then 'completed' else 'cancelled' end
      else case when ${r} < 0.60 then 'completed' when ${r} < 0.90 then 'expired' else 'cancelled' end end`;
  await db.execute(sql`
    insert into offers (owner_uid, client_id, side, item_id, quantity, unit_price, server, character_name, status, version,
                        reserved_reply_id, counterparty_uid, owner_confirmed_at, counterparty_confirmed_at, reason,
                        hidden_at, hidden_by, expires_at, created_at, updated_at, completed_at)
    select ${prefix} || owner, 'bench-o' || g, side, item, quantity, price, server, ${characterOf(sql`owner`, sql`server`)}, status,
           case when status = 'open' then 1 else 3 end,
           case when status in ('reserved', 'completed') then 1 end,
           case when status in ('reserved', 'completed') then ${prefix} || counterparty end,
           case when status = 'completed' then done end, case when status = 'completed' then done end,
           case when status = 'cancelled' then 'no longer needed' end,
           case when g % 500 = 0 then created end, case when g % 500 = 0 then ${lit(memberUid(500))} end,
           created + ${int(OFFER_LIFE_MS)}, created, case when status = 'completed' then done else created end,
           case when status = 'completed' then done end
    from (
      select *, ${status} as status, least(created + floor(${uniform("done")} * 3 * ${int(DAY_MS)})::bigint, ${int(now - 1000)}) as done,
             ${priceOf(sql`item`, sql`side`, "price")} as price
      from (
        select g, ${created} as created,
               1 + ${skewed("owner", seed.traders)} as owner,
               1 + (${skewed("owner", seed.traders)} + 1 + ${skewed("counterparty", seed.traders - 1)}) % ${int(seed.traders)} as counterparty,
               case when ${pick("side", 100)} < 55 then 'sell' else 'buy' end as side,
               (${textArray(items)})[1 + ${skewed("item", items.length)}] as item,
               ${element(servers, "server")} as server,
               1 + floor(power(${uniform("quantity")}, 3) * 50)::int as quantity
        from generate_series(1, ${int(seed.offers)}) as g
      ) as base
    ) as offer`);
}

/** The benched item's exact book and its price history. */
async function seedItem(db: Database, seed: TradingSeed, itemId: string, servers: readonly string[], now: number) {
  const item = lit(itemId);
  await db.execute(sql`
    insert into offers (owner_uid, client_id, side, item_id, quantity, unit_price, server, character_name, note, status,
                        expires_at, created_at, updated_at)
    select ${prefix} || owner, 'bench-book' || g, side, ${item}, 1 + ${pick("bq", 20)}, ${priceOf(item, sql`side`, "bp")}, server,
           ${characterOf(sql`owner`, sql`server`)}, case when g % 4 = 0 then 'Giao dịch ở cổng thành, tối nay 8 giờ.' end, 'open',
           created + ${int(OFFER_LIFE_MS)}, created, created
    from (
      select g, 1 + ${pick("bo", seed.bookTraders)} as owner, case when g % 2 = 0 then 'sell' else 'buy' end as side,
             ${element(servers, "bs")} as server, ${int(now)} - ${pick("bc", 5 * DAY_MS)}::bigint as created
      from generate_series(1, ${int(seed.openOnItem)}) as g
    ) as book`);
  const trades = seed.tradesPerDay * seed.tradeDays;
  const spanMs = seed.tradeDays * DAY_MS;
  await db.execute(sql`
    insert into offers (owner_uid, client_id, side, item_id, quantity, unit_price, server, character_name, status, version,
                        reserved_reply_id, counterparty_uid, owner_confirmed_at, counterparty_confirmed_at, expires_at, created_at,
                        updated_at, completed_at)
    select ${prefix} || owner, 'bench-trade' || g, side, ${item}, 1 + ${pick("tq", 10)}, ${priceOf(item, sql`side`, "tp")}, server,
           ${characterOf(sql`owner`, sql`server`)}, 'completed', 3, 1, ${prefix} || counterparty, done, done,
           done - 3600000 + ${int(OFFER_LIFE_MS)}, done - 3600000, done, done
    from (
      select g, 1 + ${skewed("to", seed.traders)} as owner,
             1 + (${skewed("to", seed.traders)} + 1 + ${skewed("tc", seed.traders - 1)}) % ${int(seed.traders)} as counterparty,
             case when g % 2 = 0 then 'sell' else 'buy' end as side, ${element(servers, "ts")} as server,
             (${int(now - spanMs)} + g::float8 * ${int(spanMs)} / ${int(trades)})::bigint as done
      from generate_series(1, ${int(trades)}) as g
    ) as trade`);
}

async function seedFeedbackAndPresence(db: Database, seed: TradingSeed, now: number) {
  const row = sql`id`;
  await db.execute(sql`
    insert into offer_feedback (offer_id, from_uid, to_uid, score, comment, created_at)
    select id, owner_uid, counterparty_uid, case when ${pick("fs", 12, row)} = 0 then -1 else 1 end, 'Giao dịch nhanh, uy tín.',
           completed_at + 3600000
    from offers where status = 'completed' and id % 3 = 0`);
  await db.execute(sql`
    insert into offer_feedback (offer_id, from_uid, to_uid, score, comment, created_at)
    select id, counterparty_uid, owner_uid, case when ${pick("fo", 15, row)} = 0 then -1 else 1 end, 'Ok.', completed_at + 7200000
    from offers where status = 'completed' and id % 6 = 0`);
  await db.execute(sql`
    insert into presence (uid, last_seen_at)
    select ${prefix} || g, ${int(now)} - ${pick("seen", 30 * DAY_MS)}::bigint
    from generate_series(1, ${int(seed.traders)}) as g where g % 3 = 0`);
}

export async function seedTrading(db: Database, seed: TradingSeed, now = Date.now()): Promise<SeededTrading> {
  const { itemId, plainItemId } = benchedItems();
  const others = packItems()
    .map((item) => item.id)
    .filter((id) => id !== itemId && id !== plainItemId);
  const items = seed.historyOnItem ? [itemId, ...others] : others;
  const servers = liveServers();
  // The feed's seed may have made the first members already (`npm run bench` seeds both into one database).
  const [{ members } = { members: 0 }] = await queryRows<{ members: number }>(
    db,
    sql`select count(*)::int as members from users where uid like ${lit(memberUid(0).slice(0, -1) + "%")}`,
  );
  if (members < seed.traders) await seedMembers(db, seed.traders, now, members + 1);
  // A bulk load counts the traders' records once at the end instead of row by row (the counters'
  // triggers would double the seed's time at 1,000,000 offers): what a restore would do.
  await db.execute(sql`alter table offers disable trigger user`);
  await db.execute(sql`alter table offer_feedback disable trigger user`);
  try {
    if (seed.offers > 0) await seedHistory(db, seed, items, servers, now);
    await seedItem(db, seed, itemId, servers, now);
    await seedFeedbackAndPresence(db, seed, now);
  } finally {
    await db.execute(sql`alter table offers enable trigger user`);
    await db.execute(sql`alter table offer_feedback enable trigger user`);
  }
  await db.execute(sql`select offer_trader_counts_rebuild()`);
  // Autovacuum visits a table after a bulk insert, setting its visibility map: the counts that read an
  // index alone (reputation) depend on it, as they would on a database that has been running.
  await db.execute(sql`vacuum (analyze) offers, offer_feedback, offer_trader_counts`);
  await db.execute(sql`analyze`);

  const statuses = await queryRows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from offers group by status order by status`,
  );
  const [counts] = await queryRows<{ open: number; trades: number }>(
    db,
    sql`select count(*) filter (where status = 'open' and hidden_at is null)::int as open,
               count(*) filter (where status = 'completed' and completed_at >= ${int(now - 90 * DAY_MS)})::int as trades
        from offers where item_id = ${lit(itemId)}`,
  );
  const [busiest] = await queryRows<{ uid: string }>(
    db,
    sql`select owner_uid as uid from offers group by owner_uid order by count(*) desc limit 1`,
  );
  return {
    itemId,
    plainItemId,
    middleItemId: items[Math.floor(items.length / 4)] ?? itemId,
    servers,
    busiestTrader: busiest?.uid ?? memberUid(1),
    statuses: Object.fromEntries(statuses.map((row) => [row.status, row.count])),
    openOnItem: counts?.open ?? 0,
    tradesOnItem: counts?.trades ?? 0,
  };
}
