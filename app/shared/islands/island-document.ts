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
 * The attribute of an island that hydrates only for a signed-in reader (`when="signed-in"`): for a
 * visitor the server's HTML is already all it would render (a link, say), so it stays server HTML.
 */
export const ISLAND_WHEN_ATTRIBUTE = "data-island-when";

/** When an island hydrates: always (the default), or only when the page has a signed-in reader. */
export type IslandWhen = "always" | "signed-in";

/** Whether an island marked `when` hydrates in a document whose root data has (or lacks) a viewer. */
export function islandHydrates(when: string | null, signedIn: boolean): boolean {
  return when !== "signed-in" || signedIn;
}

/** A registry of islands: a name, and how the browser loads its component. */
export type IslandRegistry = Record<string, () => Promise<React.ComponentType<never>>>;
