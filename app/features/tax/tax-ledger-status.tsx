/**
 * The ledger lines' status, where their actions (`tax-ledger-actions.ts`) say what they did. In an
 * islands document it is a plain island, started without React; in a page React Router renders (the
 * development server) this component starts the same actions once mounted.
 */
import { useEffect, useRef } from "react";
import { usePageRefresh } from "../../shared/islands/use-page-refresh.ts";
import type { TaxLedgerProps } from "./tax-ledger-actions.ts";

export function TaxLedgerStatus(props: TaxLedgerProps) {
  const status = useRef<HTMLParagraphElement>(null);
  const refresh = usePageRefresh();
  useEffect(() => {
    const element = status.current?.parentElement;
    if (!element) return;
    let stopped = false;
    void import("./tax-ledger-actions.ts").then((module) => {
      if (!stopped) module.startTaxLedger(element, props, refresh);
    });
    return () => {
      stopped = true;
    };
    // Started once: the lines and the messages are the page's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <p ref={status} role="status" aria-live="polite" className="sr-only" />;
}
