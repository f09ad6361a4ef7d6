import type { RootData } from "../root-data.ts";

/**
 * What an islands document (decision 025) writes for its browser side, and how that side reads it,
 * without React: the client entry reads it before it knows whether it needs React at all (decision 038).
 */

/** The element id of the JSON the server gives an islands document: its root data. */
export const ISLAND_DOCUMENT_DATA_ID = "island-document";

/** The attribute that marks an island's element, and the one that carries its props. */
export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";

/**
 * The attribute of an island that does not hydrate as the page loads (`when`): one that hydrates only
 * for a signed-in reader (`signed-in`), one that its reader wakes by using it (`used`), or one that
 * hydrates once it comes near the viewport (`visible`).
 */
export const ISLAND_WHEN_ATTRIBUTE = "data-island-when";

/**
 * The attribute of a `used` island that hydrates as the page loads after all when the device keeps a
 * draft for it: the prefix of its keys in localStorage (decision 042).
 */
export const ISLAND_WAKE_IF_STORED_ATTRIBUTE = "data-island-wake-if-stored";

/**
 * When an island hydrates, for a visitor and a member alike (decision 042):
 * - `always` (the default): as the page loads;
 * - `signed-in`: as the page loads when it has a signed-in reader; for a visitor its server HTML is
 *   already all it would render (a star is a link to sign in), so it stays server HTML;
 * - `used`: on first use (a pointer over or down on it, focus or a key inside it), what the reader did
 *   before it was ready played again once it is (`wake-on-use.ts`); what must be live before that (the
 *   bell) is a plain island inside it;
 * - `visible`: once it comes near the viewport (a live part below the fold).
 */
export type IslandWhen = "always" | "signed-in" | "used" | "visible";

/** How an island marked `when` hydrates in a document whose root data has (or lacks) a viewer: now, on first use, or never. */
export function islandHydration(when: string | null, signedIn: boolean): "now" | "on-use" | "on-visible" | "never" {
  if (when === "signed-in") return signedIn ? "now" : "never";
  if (when === "visible") return "on-visible";
  return when === "used" ? "on-use" : "now";
}

/** Whether `storage` holds a key that starts with `prefix` (a kept draft); false when it cannot be read. */
export function storedUnder(prefix: string, storage: Pick<Storage, "length" | "key"> | undefined): boolean {
  if (!prefix || !storage) return false;
  try {
    for (let index = 0; index < storage.length; index++) if (storage.key(index)?.startsWith(prefix)) return true;
  } catch {
    // Storage refused (a privacy mode): there is no draft to show.
  }
  return false;
}

/** The root data the server wrote for an islands document (`IslandScripts`), or null in any other page. */
export function islandDocumentData(doc: Pick<Document, "getElementById"> = document): RootData | null {
  const text = doc.getElementById(ISLAND_DOCUMENT_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as RootData) : null;
}
