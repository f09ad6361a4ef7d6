import { createContext } from "react";
import type { RootData } from "../root-data.ts";

export {
  ISLAND_ATTRIBUTE,
  ISLAND_DOCUMENT_DATA_ID,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WAKE_IF_STORED_ATTRIBUTE,
  ISLAND_WHEN_ATTRIBUTE,
  islandHydration,
  type IslandWhen,
} from "./island-markup.ts";

/**
 * In a document hydrated as islands (decision 025) no router holds the root loader's data: every
 * island's root provides it here instead. Null in a page hydrated by React Router.
 */
export const IslandDocumentContext = createContext<RootData | null>(null);

/** A registry of islands: a name, and how the browser loads its component. */
export type IslandRegistry = Record<string, () => Promise<React.ComponentType<never>>>;
