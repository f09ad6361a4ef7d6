import type { BuildMeta } from "../universal/delivery/build-refresh.ts";
import { needsNetwork, offerShownPage, startDeliveryWhenInteractive, startOfflineBanner } from "./features/delivery/document-delivery.ts";
import { startAuthRuntime } from "./shared/auth/auth-start.ts";
import { syncStoredLanguage } from "./shared/i18n/stored-language.ts";
import { reloadDocumentOnce } from "./shared/islands/document-reload.ts";
import type { RootData } from "./shared/root-data.ts";
import type { RuntimeProps } from "./page-runtimes.tsx";

/** A message of the page's common namespace, by its dotted key ("" when it is missing). */
function commonMessage(root: RootData, key: string): string {
  let value: unknown = root.i18n.resources.common;
  for (const part of key.split("."))
    value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === "string" ? value : "";
}

/**
 * The `page-runtimes` island of an islands document, started without React (decision 038): the same
 * work as `DocumentRuntimes` (language sync, the `lang` attribute, the auth state, delivery and the
 * offline banner), in plain DOM, so that a page whose other islands wait for their reader's first use
 * loads no React at all. `element` is the island's server HTML: the offline banner's empty box.
 */
export function startDocumentRuntimes(element: HTMLElement, { language, uid, build }: RuntimeProps, root: RootData): void {
  const html = document.documentElement;
  // Set only when it differs: writing `lang`, even unchanged, restyles the whole document (every `:lang()`).
  if (html.lang !== language) html.lang = language;
  syncStoredLanguage(language, () => void reloadDocumentOnce());
  startAuthRuntime(uid, () => void reloadDocumentOnce());

  const path = location.pathname + location.search + location.hash;
  let meta: BuildMeta | undefined;
  const slot = element.querySelector<HTMLElement>("[aria-live]");
  const banner = slot
    ? startOfflineBanner(
        slot,
        {
          status: commonMessage(root, "offline.status"),
          needsNetwork: commonMessage(root, "offline.needsNetwork"),
          reference: commonMessage(root, "offline.reference"),
        },
        () => needsNetwork(meta, location.pathname),
      )
    : undefined;
  html.dataset.build = "current";
  startDeliveryWhenInteractive(
    build,
    (next) => {
      meta = next;
      banner?.render();
    },
    () => {
      html.dataset.build = "outdated";
    },
  );
  offerShownPage(path);
}
