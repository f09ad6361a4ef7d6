import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { clans } from "./clans.ts";
import { characterClaims } from "./reputation.ts";

/**
 * What members say of their characters (issue 43): each submission is an entry (class, level, power),
 * kept as the character's history; the latest counts. A character is a member's claim on a name and
 * server (`character_claims`): its entries go with the claim. `verified`: a moderator checked these
 * numbers from a report (`character-stats`).
 */
export const characterStats = pgTable(
  "character_stats",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    claimId: bigint("claim_id", { mode: "number" })
      .notNull()
      .references(() => characterClaims.id, { onDelete: "cascade" }),
    classId: text("class_id").notNull(),
    level: integer("level").notNull(),
    power: bigint("power", { mode: "number" }).notNull(),
    verified: boolean("verified").notNull().default(false),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (table) => [index("character_stats_claim").on(table.claimId, table.at)],
);

/**
 * Each character's latest entry, one row per character, written with every submission: what the
 * rankings read (indexes by power, on the whole and per server and class), so a ranking is one index
 * scan however many entries the history holds.
 */
export const characterPower = pgTable(
  "character_power",
  {
    claimId: bigint("claim_id", { mode: "number" })
      .primaryKey()
      .references(() => characterClaims.id, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    server: text("server").notNull(),
    classId: text("class_id").notNull(),
    level: integer("level").notNull(),
    power: bigint("power", { mode: "number" }).notNull(),
    verified: boolean("verified").notNull().default(false),
    statsId: bigint("stats_id", { mode: "number" }).notNull(),
    /** The first entry's time: `gain` over all time starts there. */
    firstAt: bigint("first_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (table) => [
    index("character_power_rank").on(table.power.desc(), table.claimId),
    index("character_power_server").on(table.server, table.power.desc(), table.claimId),
    index("character_power_class").on(table.classId, table.power.desc(), table.claimId),
    index("character_power_server_class").on(table.server, table.classId, table.power.desc(), table.claimId),
    index("character_power_uid").on(table.uid, table.server),
  ],
);

/** The game weeks whose snapshot is taken (Monday 00:00 UTC+7): the process that writes the row writes the snapshot. */
export const rankingWeeks = pgTable("ranking_weeks", {
  weekStart: bigint("week_start", { mode: "number" }).primaryKey(),
  takenAt: bigint("taken_at", { mode: "number" }).notNull(),
});

/** Each character's power and ranks at a week's start (on the whole, on its server, in its class, both): `change` reads them. */
export const rankingSnapshots = pgTable(
  "ranking_snapshots",
  {
    weekStart: bigint("week_start", { mode: "number" }).notNull(),
    claimId: bigint("claim_id", { mode: "number" })
      .notNull()
      .references(() => characterClaims.id, { onDelete: "cascade" }),
    power: bigint("power", { mode: "number" }).notNull(),
    rank: integer("rank").notNull(),
    serverRank: integer("server_rank").notNull(),
    classRank: integer("class_rank").notNull(),
    serverClassRank: integer("server_class_rank").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.weekStart, table.claimId] }),
    index("ranking_snapshots_claim").on(table.claimId, table.weekStart),
  ],
);

/** Each clan's power and ranks at a week's start. */
export const clanSnapshots = pgTable(
  "clan_snapshots",
  {
    weekStart: bigint("week_start", { mode: "number" }).notNull(),
    clanId: text("clan_id")
      .notNull()
      .references(() => clans.id, { onDelete: "cascade" }),
    power: bigint("power", { mode: "number" }).notNull(),
    rank: integer("rank").notNull(),
    serverRank: integer("server_rank").notNull(),
  },
  (table) => [primaryKey({ columns: [table.weekStart, table.clanId] })],
);
