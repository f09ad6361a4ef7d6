import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

const member = (name: string) =>
  text(name)
    .notNull()
    .references(() => authUsers.id, { onDelete: "cascade" });

/**
 * An open offer's place in the book: a sell's price, a buy's price negated, so that ascending order
 * is cheapest sells and dearest buys first. `listOffers` orders by this very expression (side
 * descending, then it, then id), which the open-book indexes hold.
 */
export function bookPrice(table: { side: AnyPgColumn; unitPrice: AnyPgColumn }): SQL {
  return sql`(case when ${table.side} = 'sell' then ${table.unitPrice} else -${table.unitPrice} end)`;
}

/**
 * Buy and sell offers between players. `status` moves only as the pure state machine of
 * `universal/offers/` allows: `open → reserved → completed`, and `cancelled` or `expired` from open
 * or reserved. Every move is one `update … where id = ? and version = ?` that raises `version`, so
 * of two racing moves exactly one wins. A reservation names one reply (`reserved_reply_id`) and its
 * author (`counterparty_uid`); each side confirms once (`owner_confirmed_at`,
 * `counterparty_confirmed_at`), and the second confirmation completes the trade (`completed_at`),
 * which then counts in the item's price history at once. Prices are whole in-game gold.
 * Timestamps are milliseconds since the epoch.
 */
export const offers = pgTable(
  "offers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerUid: member("owner_uid"),
    /** Makes posting an offer idempotent per owner. */
    clientId: text("client_id").notNull(),
    side: text("side").notNull(),
    itemId: text("item_id").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    /** The pack's server id. */
    server: text("server").notNull(),
    characterName: text("character_name").notNull(),
    note: text("note"),
    status: text("status").notNull().default("open"),
    version: integer("version").notNull().default(1),
    reservedReplyId: bigint("reserved_reply_id", { mode: "number" }),
    counterpartyUid: text("counterparty_uid").references(() => authUsers.id, { onDelete: "set null" }),
    ownerConfirmedAt: bigint("owner_confirmed_at", { mode: "number" }),
    counterpartyConfirmedAt: bigint("counterparty_confirmed_at", { mode: "number" }),
    /** Why the last reservation was released, or why the offer was cancelled. */
    reason: text("reason"),
    /** Hidden by a moderator: gone from every public list. */
    hiddenAt: bigint("hidden_at", { mode: "number" }),
    hiddenBy: text("hidden_by"),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
    completedAt: bigint("completed_at", { mode: "number" }),
  },
  (table) => [
    check("offers_side", sql`${table.side} in ('buy', 'sell')`),
    check("offers_status", sql`${table.status} in ('open', 'reserved', 'completed', 'cancelled', 'expired')`),
    check("offers_quantity", sql`${table.quantity} > 0`),
    check("offers_price", sql`${table.unitPrice} > 0`),
    // The state machine's invariants on the columns (`isValidOfferState`, with `reserved` as a named
    // reply): an open offer names no reply; a reserved one does; a counterparty and confirmations come
    // only with a reservation; both confirmations exactly when completed, and `completed_at` with them.
    // `counterparty_uid` is not required: deleting the counterparty's account sets it null.
    check("offers_open", sql`${table.status} <> 'open' or ${table.reservedReplyId} is null`),
    check("offers_reservation", sql`${table.status} <> 'reserved' or ${table.reservedReplyId} is not null`),
    check(
      "offers_reserved_parts",
      sql`${table.reservedReplyId} is not null or (${table.counterpartyUid} is null and ${table.ownerConfirmedAt} is null and ${table.counterpartyConfirmedAt} is null)`,
    ),
    check(
      "offers_completed",
      sql`(${table.status} = 'completed') = (${table.ownerConfirmedAt} is not null and ${table.counterpartyConfirmedAt} is not null)`,
    ),
    check("offers_completed_at", sql`(${table.status} = 'completed') = (${table.completedAt} is not null)`),
    uniqueIndex("offers_client").on(table.ownerUid, table.clientId),
    // The book, in the one order `listOffers` reads it: sells before buys, sells cheapest first and buys
    // dearest first (`bookPrice`), the older first at one price. An item's book, one side or both; on one
    // server; every item's (`GET /api/offers` without an item). Without the server in an index, a
    // server's book read the item's whole book to find its part (decision 019).
    // `side desc nulls first` is what `order by side desc` means: with `nulls last` the order did not match
    // and every item's book was sorted whole.
    index("offers_open_book")
      .on(table.itemId, table.side.desc().nullsFirst(), bookPrice(table), table.id)
      .where(sql`${table.status} = 'open' and ${table.hiddenAt} is null`),
    index("offers_open_book_server")
      .on(table.itemId, table.server, table.side.desc().nullsFirst(), bookPrice(table), table.id)
      .where(sql`${table.status} = 'open' and ${table.hiddenAt} is null`),
    index("offers_open_list")
      .on(table.side.desc().nullsFirst(), bookPrice(table), table.id)
      .where(sql`${table.status} = 'open' and ${table.hiddenAt} is null`),
    // The expiry sweep: what is still open or reserved, by when it ends.
    index("offers_expiry")
      .on(table.expiresAt)
      .where(sql`${table.status} in ('open', 'reserved')`),
    // Price history: completed trades of an item in time order, with what the buckets sum, read from
    // the index alone (a popular item has thousands of trades in 90 days; decision 019).
    index("offers_completed")
      .on(table.itemId, table.completedAt, table.unitPrice, table.quantity)
      .where(sql`${table.status} = 'completed'`),
    index("offers_owner").on(table.ownerUid, table.id),
    index("offers_counterparty")
      .on(table.counterpartyUid, table.id)
      .where(sql`${table.counterpartyUid} is not null`),
    // A member's completed trades, counted for every trader a book shows (`reputationCounts`) from the
    // index alone, instead of reading every offer of theirs (decision 019).
    index("offers_owner_completed")
      .on(table.ownerUid)
      .where(sql`${table.status} = 'completed'`),
    index("offers_counterparty_completed")
      .on(table.counterpartyUid)
      .where(sql`${table.status} = 'completed'`),
    // The admin dashboard's offers opened and completed a day (server/dashboard/).
    index("offers_created").on(table.createdAt),
    index("offers_completed_at")
      .on(table.completedAt)
      .where(sql`${table.completedAt} is not null`),
    // Reputation by character name, folded ("tuan" finds "Tuấn").
    index("offers_character").on(sql`f_unaccent(lower(${table.characterName}))`, table.server),
  ],
);

/** The thread of an offer: replies from other members (realtime on the offer's topic). */
export const offerReplies = pgTable(
  "offer_replies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    offerId: bigint("offer_id", { mode: "number" })
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    authorUid: member("author_uid"),
    clientId: text("client_id").notNull(),
    text: text("text").notNull(),
    hiddenAt: bigint("hidden_at", { mode: "number" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("offer_replies_client").on(table.authorUid, table.clientId),
    index("offer_replies_offer").on(table.offerId, table.id),
  ],
);

/**
 * Feedback after a trade: each party once per offer (+1 or −1 and a comment), about the other party.
 * `subject_name` and `subject_server` are the character it is about as known when it is left (the
 * offer's character for its owner; the counterparty's claimed character on that server, if any).
 * `/bplayer` also matches feedback about a counterparty by `to_uid` through the characters they
 * claim on the offer's server when it is read, so a later claim brings it along (server/reputation).
 *
 * Feedback is left only on a completed trade. Whether it counts in the totals is decided
 * when it is left and kept here (`counts`, and `not_counted_reason` when it does not): a giver's
 * account younger than FEEDBACK_MIN_ACCOUNT_AGE_HOURS ('new-account'), or a giver whose feedback to
 * the same member already counted in the last 30 days ('repeat-pair'). Every list shows it all; every
 * total (`offer_trader_counts`, `/bplayer`'s scores) counts only `counts`.
 */
export const offerFeedback = pgTable(
  "offer_feedback",
  {
    offerId: bigint("offer_id", { mode: "number" })
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    fromUid: member("from_uid"),
    toUid: member("to_uid"),
    score: smallint("score").notNull(),
    comment: text("comment").notNull(),
    subjectName: text("subject_name"),
    subjectServer: text("subject_server"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    counts: boolean("counts").notNull().default(true),
    /** Why it does not count: 'new-account' or 'repeat-pair'; null when it counts. */
    notCountedReason: text("not_counted_reason"),
  },
  (table) => [
    primaryKey({ columns: [table.offerId, table.fromUid] }),
    check("offer_feedback_score", sql`${table.score} in (-1, 1)`),
    check(
      "offer_feedback_counted",
      sql`(${table.counts} and ${table.notCountedReason} is null) or (not ${table.counts} and ${table.notCountedReason} in ('new-account', 'repeat-pair'))`,
    ),
    // "Has this giver's feedback to this member counted in the last 30 days?", asked as each is left.
    index("offer_feedback_pair")
      .on(table.fromUid, table.toUid, table.createdAt)
      .where(sql`${table.counts}`),
    index("offer_feedback_to").on(table.toUid, table.createdAt),
    // A member's positive and negative counts, from the index alone (`reputationCounts`).
    index("offer_feedback_to_score").on(table.toUid, table.score),
    index("offer_feedback_subject").on(sql`f_unaccent(lower(${table.subjectName}))`, table.subjectServer),
  ],
);

/**
 * "Tell me when someone sells X at P or less on server S" (`max_price`; or buys at P or more,
 * `min_price`): fired when such an offer opens, by being posted or by a released reservation.
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uid: member("uid"),
    itemId: text("item_id").notNull(),
    side: text("side").notNull(),
    server: text("server").notNull(),
    maxPrice: bigint("max_price", { mode: "number" }),
    minPrice: bigint("min_price", { mode: "number" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    lastFiredAt: bigint("last_fired_at", { mode: "number" }),
  },
  (table) => [
    check("price_alerts_side", sql`${table.side} in ('buy', 'sell')`),
    check("price_alerts_bound", sql`(${table.maxPrice} is null) <> (${table.minPrice} is null)`),
    index("price_alerts_match").on(table.itemId, table.side, table.server),
    index("price_alerts_uid").on(table.uid, table.id),
  ],
);

/**
 * The offers each price alert has told of: an offer that opens again (a reservation released)
 * fires the alerts that have not yet told of it, never one twice (the primary key).
 */
export const priceAlertHits = pgTable(
  "price_alert_hits",
  {
    alertId: bigint("alert_id", { mode: "number" })
      .notNull()
      .references(() => priceAlerts.id, { onDelete: "cascade" }),
    offerId: bigint("offer_id", { mode: "number" })
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    firedAt: bigint("fired_at", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.offerId] }), index("price_alert_hits_offer").on(table.offerId)],
);

/**
 * Each member's trading record, as the book shows it beside every trader: completed trades (as
 * owner or counterparty) and the positive and negative feedback received that counts (`counts`). Triggers on `offers` and
 * `offer_feedback` keep it in the same transaction as the change (migration 0018), so a book reads
 * one row per trader instead of counting a busy trader's whole history (decision 020).
 * `offer_trader_counts_rebuild()` recounts it from the two tables.
 */
export const offerTraderCounts = pgTable(
  "offer_trader_counts",
  {
    uid: text("uid")
      .primaryKey()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    trades: integer("trades").notNull().default(0),
    positive: integer("positive").notNull().default(0),
    negative: integer("negative").notNull().default(0),
  },
  (table) => [check("offer_trader_counts_natural", sql`${table.trades} >= 0 and ${table.positive} >= 0 and ${table.negative} >= 0`)],
);
