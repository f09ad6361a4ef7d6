import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { authUsers } from "./auth.ts";

/** A member's bag: catalog items they own, with quantity, enhancement level and a note. */
export const bagEntries = pgTable(
  "bag_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    /** Makes adding an entry idempotent per member. */
    clientId: text("client_id").notNull(),
    itemId: text("item_id").notNull(),
    quantity: integer("quantity").notNull(),
    enhancement: integer("enhancement").notNull().default(0),
    note: text("note"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (table) => [
    check("bag_entries_quantity", sql`${table.quantity} > 0`),
    check("bag_entries_enhancement", sql`${table.enhancement} >= 0`),
    uniqueIndex("bag_entries_client").on(table.uid, table.clientId),
    index("bag_entries_uid").on(table.uid, table.itemId),
  ],
);
