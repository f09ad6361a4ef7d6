import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { whenNearViewport } from "../../shared/page/after-interactive.ts";
import type { MarketServer } from "./item-market.tsx";

const ItemMarket = lazy(() => import("./item-market.tsx").then((module) => ({ default: module.ItemMarket })));

/**
 * The market arrives once the reader comes near it, after hydration, as a chunk of its own with the
 * socket client: it is live data the cached page cannot hold, below the fold on a phone, and a reader
 * who only looks up the item loads neither it, its requests nor a socket. Its box is there from the
 * first paint.
 */
export function MarketSlot({ itemId, market }: { itemId: string; market: { i18n: RouteMessages; servers: MarketServer[] } }) {
  const { t } = useRouteMessages(market.i18n);
  const [shown, setShown] = useState(false);
  const slot = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = slot.current;
    return element ? whenNearViewport(element, () => setShown(true)) : undefined;
  }, []);
  const placeholder = (
    <section
      ref={slot}
      aria-labelledby="market"
      aria-busy="true"
      className="min-h-[46rem] rounded-xl md:min-h-[32rem] border border-line bg-surface p-4 sm:p-5"
    >
      <h2 id="market" className="text-lg font-bold">
        {t("market.heading")}
      </h2>
      <p className="mt-4 text-sm text-fg-muted">{t("market.loading")}</p>
    </section>
  );
  if (!shown) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ItemMarket itemId={itemId} servers={market.servers} i18n={market.i18n} />
    </Suspense>
  );
}
