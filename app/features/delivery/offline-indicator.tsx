import { useSyncExternalStore } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { useLocation } from "react-router";
import { useRouteRules } from "./delivery-runtime.ts";
import { OFFLINE_BANNER_CLASS, OFFLINE_SLOT_CLASS } from "./document-delivery.ts";

function subscribe(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Offline: a banner over the page's foot, announced politely; it names pages that need the network. */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const offline = useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
  const { pathname } = useLocation();
  const rules = useRouteRules(pathname);
  return (
    <div aria-live="polite" className={OFFLINE_SLOT_CLASS}>
      {offline ? (
        <p data-testid="offline-indicator" className={OFFLINE_BANNER_CLASS}>
          <strong>{t("offline.status")}</strong> {rules.needsNetwork ? t("offline.needsNetwork") : t("offline.reference")}
        </p>
      ) : null}
    </div>
  );
}
