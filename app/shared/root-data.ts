import { useRouteLoaderData } from "react-router";
import type { I18nPayload } from "./i18n/create-i18n.ts";

/** What the root loader gives every page (see `app/root.tsx`). */
export interface RootData {
  appTitle: string;
  nonce: string;
  i18n: I18nPayload;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function rootDataFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}
