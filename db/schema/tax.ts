import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * A member's ledger of sales and purchases: filled from their completed offers (`offer_id`, once
 * each) and by hand. `tax` and `net` are whole gold, computed on the server from the pack's rate
 * (`rate_id`, its percent kept in basis points as it was then).
 */
export const taxLedger = pgTable(
  "tax_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    offerId: bigint("offer_id", { mode: "number" }),
    side: text("side").notNull(),
    itemId: text("item_id"),
    label: text("label"),
    quantity: integer("quantity").notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    rateId: text("rate_id"),
    rateBasisPoints: integer("rate_basis_points").notNull().default(0),
    tax: bigint("tax", { mode: "number" }).notNull(),
    net: bigint("net", { mode: "number" }).notNull(),
    occurredAt: bigint("occurred_at", { mode: "number" }).notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    check("tax_ledger_side", sql`${table.side} in ('buy', 'sell')`),
    check("tax_ledger_quantity", sql`${table.quantity} > 0`),
    uniqueIndex("tax_ledger_client").on(table.uid, table.clientId),
    uniqueIndex("tax_ledger_offer")
      .on(table.uid, table.offerId)
      .where(sql`${table.offerId} is not null`),
    index("tax_ledger_uid").on(table.uid, table.occurredAt),
  ],
);
