/** The bag's limits, answer shapes and sorts: what the browser and the server both use (request schemas: bag-schemas.ts). */
export const BAG_QUANTITY_MAX = 1_000_000;
export const BAG_ENHANCEMENT_MAX = 30;
export const BAG_NOTE_MAX = 200;
/**
 * Entries `/me/bag` shows before its reader asks for all of them: a full bag's page stays light to move to
 * and to read on a phone (decision 044); its summary still counts every entry.
 */
export const BAG_FIRST_ROWS = 50;
/** The query parameter that shows every entry, and the id of the first entry past the first rows. */
export const BAG_ALL_PARAM = "all";
export const BAG_MORE_ID = "bag-more";

/** Entries a bag lists at most, and rows one CSV import takes. */
export const BAG_ENTRIES_MAX = 1_000;

export const bagSorts = ["name", "quantity", "value", "enhancement", "recent"] as const;
export type BagSort = (typeof bagSorts)[number];

export interface BagItem {
  name: { vi: string; en: string };
  icon: string;
  type: string;
  rarity: string;
  level: number;
}

export interface BagEntry {
  id: number;
  itemId: string;
  item: BagItem;
  quantity: number;
  enhancement: number;
  note: string | null;
  /** The 90-day median unit price of completed trades; null when the item has none. */
  unitPrice: number | null;
  /** `unitPrice × quantity`; null when there is no price. */
  value: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface BagTotals {
  /** The sum of the entries that have a price. */
  value: number;
  priced: number;
  unpriced: number;
}
