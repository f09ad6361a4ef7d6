import { useRouteLoaderData } from "react-router";
import type { Viewer } from "../../server/auth/viewer.ts";
import type { I18nPayload } from "./i18n/page-translator.ts";

/** What the root loader gives every page (see `app/root.tsx`). */
/** What every page may show of the signed-in person (their own data only): the server's viewer. */
export type PublicViewer = Viewer;

export interface RootData {
  viewer: PublicViewer | null;
  appTitle: string;
  i18n: I18nPayload;
  build: { id: string; checkIntervalMs: number };
  /** The site's public origin, for canonical URLs and social cards. */
  origin: string;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function rootDataFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}
