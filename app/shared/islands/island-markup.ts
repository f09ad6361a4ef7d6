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
 * for a signed-in reader (`signed-in`), one that a visitor wakes by using it (`used`), or one that
 * hydrates once it comes near the viewport (`visible`).
 */
export const ISLAND_WHEN_ATTRIBUTE = "data-island-when";

/**
 * When an island hydrates:
 * - `always` (the default): as the page loads;
 * - `signed-in`: only when the page has a signed-in reader; for a visitor its server HTML is already
 *   all it would render (a star is a link to sign in), so it stays server HTML;
 * - `used`: for a visitor, on first use (a pointer over or down on it, focus or a key inside it), what
 *   they did before it was ready played again once it is (`wake-on-use.ts`); for a signed-in reader as the
 *   page loads, since what it shows them may be live (the app bar's bell);
 * - `visible`: for a visitor, once it comes near the viewport (a live part below the fold); for a
 *   signed-in reader as the page loads.
 */
export type IslandWhen = "always" | "signed-in" | "used" | "visible";

/** How an island marked `when` hydrates in a document whose root data has (or lacks) a viewer: now, on first use, or never. */
export function islandHydration(when: string | null, signedIn: boolean): "now" | "on-use" | "on-visible" | "never" {
  if (signedIn) return "now";
  if (when === "signed-in") return "never";
  if (when === "visible") return "on-visible";
  return when === "used" ? "on-use" : "now";
}

/** The root data the server wrote for an islands document (`IslandScripts`), or null in any other page. */
export function islandDocumentData(doc: Pick<Document, "getElementById"> = document): RootData | null {
  const text = doc.getElementById(ISLAND_DOCUMENT_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as RootData) : null;
}
