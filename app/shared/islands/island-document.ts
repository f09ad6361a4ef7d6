import { createContext } from "react";
import type { RootData } from "../root-data.ts";

/**
 * In a document hydrated as islands (decision 025) no router holds the root loader's data: every
 * island's root provides it here instead. Null in a page hydrated by React Router.
 */
export const IslandDocumentContext = createContext<RootData | null>(null);

/** The element id of the JSON the server gives an islands document: its root data. */
export const ISLAND_DOCUMENT_DATA_ID = "island-document";

/** The attribute that marks an island's element, and the one that carries its props. */
export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";

/**
 * The attribute of an island that does not hydrate as the page loads (`when`): one that hydrates only
 * for a signed-in reader (`signed-in`), or one that a visitor wakes by using it (`used`).
 */
export const ISLAND_WHEN_ATTRIBUTE = "data-island-when";

/**
 * When an island hydrates:
 * - `always` (the default): as the page loads;
 * - `signed-in`: only when the page has a signed-in reader; for a visitor its server HTML is already
 *   all it would render (a star is a link to sign in), so it stays server HTML;
 * - `used`: for a visitor, on first use (a pointer over or down on it, focus or a key inside it), what
 *   they did before it was ready played again once it is (`wake-on-use.ts`); for a signed-in reader as the
 *   page loads, since what it shows them may be live (the app bar's bell).
 */
export type IslandWhen = "always" | "signed-in" | "used";

/** How an island marked `when` hydrates in a document whose root data has (or lacks) a viewer: now, on first use, or never. */
export function islandHydration(when: string | null, signedIn: boolean): "now" | "on-use" | "never" {
  if (signedIn) return "now";
  if (when === "signed-in") return "never";
  return when === "used" ? "on-use" : "now";
}

/** A registry of islands: a name, and how the browser loads its component. */
export type IslandRegistry = Record<string, () => Promise<React.ComponentType<never>>>;
