/**
 * What an offer's notifications carry: the link to its page, and the item's names in both languages
 * with the offer's terms (each reader's page words them in its own language). Also the check that an
 * item or server named in a request is one of the pack's, which answers those names.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { OfferRow } from "./offer-rows.ts";

export function offerLink(id: number): string {
  return `/me/make-offer/detail?id=${id}`;
}

/** An item's names in both languages: notifications carry both, and each language's text names the item in its own. */
export interface ItemNames {
  itemVi: string;
  itemEn: string;
}

/** An item's or server's names, or a 400 (`unknown-item`, `unknown-server`) when the pack has no such entry. */
export async function assertInPack(db: Database, kind: "items" | "servers", id: string, field: string): Promise<ItemNames> {
  const [entry] = await db
    .select({ itemVi: contentEntries.nameVi, itemEn: contentEntries.nameEn })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.id, id)));
  const what = kind === "items" ? "item" : "server";
  if (!entry) throw new AppError("invalid-argument", `${field}: no such ${what} in the catalog.`, { reason: `unknown-${what}` });
  return entry;
}

export async function itemNames(db: Database, itemIds: readonly string[]): Promise<Map<string, ItemNames>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contentEntries.id, itemVi: contentEntries.nameVi, itemEn: contentEntries.nameEn })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, "items"), inArray(contentEntries.id, ids)));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/** What an offer's notifications carry (the page words them in the reader's language). */
export function noticeData(
  row: OfferRow,
  names: ItemNames | undefined,
  extra: Record<string, string | number | null> = {},
): Record<string, string | number | null> {
  return {
    itemVi: names?.itemVi ?? row.itemId,
    itemEn: names?.itemEn ?? row.itemId,
    offerId: row.id,
    itemId: row.itemId,
    side: row.side,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    server: row.server,
    ...extra,
  };
}
