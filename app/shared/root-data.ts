import { useRouteLoaderData } from "react-router";
import type { Role } from "./auth/permissions.ts";
import type { I18nPayload } from "./i18n/create-i18n.ts";

/** What the root loader gives every page (see `app/root.tsx`). */
/** What every page may show of the signed-in person (their own data only). */
export interface PublicViewer {
  uid: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  tag: string;
  title: string;
  level: number;
}

export interface RootData {
  viewer: PublicViewer | null;
  appTitle: string;
  i18n: I18nPayload;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

export function rootDataFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}
