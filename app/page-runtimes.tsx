import { useEffect } from "react";
import { useDeliveryRuntime } from "./features/delivery/delivery-runtime.ts";
import { OfflineIndicator } from "./features/delivery/offline-indicator.tsx";
import { useAuthRuntime } from "./shared/auth/use-auth-runtime.ts";
import { useLanguageSync } from "./shared/i18n/use-language.ts";
import type { RootData } from "./shared/root-data.ts";

export interface RuntimeProps {
  language: RootData["i18n"]["language"];
  /** The member the server rendered the page for; null for a visitor. */
  uid: string | null;
  build: RootData["build"];
}

function useLanguageAttribute(language: RuntimeProps["language"]): void {
  useEffect(() => {
    // Set only when it differs: writing `lang`, even unchanged, restyles the whole document (every `:lang()`).
    if (document.documentElement.lang !== language) document.documentElement.lang = language;
  }, [language]);
}

/**
 * The page's runtimes (language sync, auth, delivery) in a leaf that renders nothing: they follow the
 * router's state (navigations, a blocker, revalidations), and each change re-renders this leaf only,
 * not the whole page under the root (decision 024).
 */
export function PageRuntimes({ language, uid, build }: RuntimeProps) {
  useLanguageSync(language);
  useLanguageAttribute(language);
  useAuthRuntime(uid);
  useDeliveryRuntime(build);
  return null;
}

/**
 * The same runtimes in a document served as islands (decision 025), as an island of their own: its
 * server HTML is the offline banner's empty box, and in the browser the runtimes start in plain DOM
 * with the same props (`startDocumentRuntimes`, decision 038), without React.
 */
export function DocumentRuntimes(_props: RuntimeProps) {
  return <OfflineIndicator />;
}
