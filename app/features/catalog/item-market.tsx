/**
 * The item page's market: its open offers (sells cheapest first, buys dearest first) with each
 * trader's online status, reputation and server, filtered by server (`?server=`), live from
 * `offers:{itemId}`; and the price history of completed trades (48 hours or 90 days).
 *
 * The item page is a cached public page (decision 012), the same bytes for everyone: the book and
 * the prices change by the minute and say who is online, so they are read in the browser after
 * hydration, never rendered into the cached HTML. Their space is reserved so nothing shifts.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Offer, OfferSide, PriceBucket, PriceRange } from "../../../universal/offers/offer-types.ts";
import { priceRanges } from "../../../universal/offers/offer-types.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatAgo, formatDate, numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { afterInteractive } from "../../shared/page/after-interactive.ts";
import { useTopic } from "../../shared/realtime/use-topic.ts";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import { Standing } from "../../shared/ui/standing.tsx";
import { useMinuteClock } from "../../shared/use-minute-clock.ts";
import { ServerOptions } from "../../shared/ui/server-options.tsx";

const PriceChart = lazy(() => import("./price-chart.tsx").then((module) => ({ default: module.PriceChart })));

/** Offers a side shows before "show all". */
const BOOK_SHOWN = 8;
const BOOK_LIMIT = 100;
/** Sells first: most visitors come to buy. */
const offerSides = ["sell", "buy"] as const satisfies readonly OfferSide[];

export interface MarketServer {
  id: string;
  name: string;
}

type Book = Record<OfferSide, Offer[]>;

/** Sells cheapest first, buys dearest first; the older offer first at one price. */
function sortBook(side: OfferSide, offers: Offer[]): Offer[] {
  return [...offers].sort((a, b) => (side === "sell" ? a.unitPrice - b.unitPrice : b.unitPrice - a.unitPrice) || a.id - b.id);
}

function BookSide({
  side,
  offers,
  loaded,
  failed,
  now,
  serverName,
  t,
  language,
}: {
  side: OfferSide;
  offers: Offer[];
  loaded: boolean;
  failed: boolean;
  now: number;
  serverName: (id: string) => string;
  t: TFunction;
  language: string;
}) {
  const [all, setAll] = useState(false);
  const number = numberFormat(language);
  const shown = all ? offers : offers.slice(0, BOOK_SHOWN);
  return (
    <section aria-labelledby={`book-${side}`} aria-busy={!loaded} className="min-w-0">
      <h3 id={`book-${side}`} className="font-bold">
        {t(`market.${side}s`)} <span className="font-normal text-fg-muted">{loaded ? `(${offers.length})` : ""}</span>
      </h3>
      <p className="text-xs text-fg-muted">{t(`market.${side}Order`)}</p>
      {!loaded ? (
        <p className="mt-2 min-h-24 text-sm text-fg-muted">{failed ? t("market.failed") : t("market.loading")}</p>
      ) : offers.length === 0 ? (
        <p className="mt-2 min-h-24 text-sm text-fg-muted">{t(`market.${side}Empty`)}</p>
      ) : (
        <ol aria-labelledby={`book-${side}`} className="mt-2 flex flex-col gap-2">
          {shown.map((offer) => (
            <li key={offer.id} data-offer-id={offer.id} className="rounded-lg border border-line p-3 text-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="text-base font-bold tabular-nums">{t("gold", { amount: number.format(offer.unitPrice) })}</span>
                <span className="text-fg-muted">{t("market.quantity", { quantity: number.format(offer.quantity) })}</span>
              </p>
              <p className="mt-1">
                <span className="font-semibold break-all">{offer.characterName}</span> · {serverName(offer.server)}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-fg-muted">
                <span>{offer.trader.displayName || t("member")}</span>
                <Standing reputation={offer.trader.reputation} t={t} />
                {offer.trader.online ? (
                  <span className="inline-flex items-center gap-1" data-presence="online">
                    <span aria-hidden="true" className="inline-block size-2 rounded-full bg-emerald-500" />
                    {t("presence.online")}
                  </span>
                ) : offer.trader.lastSeenAt !== null && now > 0 ? (
                  <span data-presence="offline">{t("presence.seen", { ago: formatAgo(offer.trader.lastSeenAt, now, language) })}</span>
                ) : (
                  <span data-presence="offline">{t("presence.offline")}</span>
                )}
              </p>
              <p className="mt-2">
                <Link
                  to={`/me/make-offer/detail?id=${offer.id}`}
                  className="inline-flex min-h-10 items-center rounded-md border border-line px-3 font-semibold hover:border-brand"
                >
                  {t(`market.${side}Reply`, { name: offer.characterName })}
                </Link>
              </p>
            </li>
          ))}
        </ol>
      )}
      {offers.length > BOOK_SHOWN ? (
        <button
          type="button"
          onClick={() => setAll((value) => !value)}
          className="mt-2 inline-flex min-h-10 items-center rounded-md px-2 font-semibold text-link underline"
        >
          {all ? t("market.showFewer") : t("market.showAll", { count: offers.length })}
        </button>
      ) : null}
    </section>
  );
}

function PriceHistory({ itemId, t, language }: { itemId: string; t: TFunction; language: string }) {
  const [range, setRange] = useState<PriceRange>("90d");
  const [answer, setAnswer] = useState<{ range: PriceRange; buckets: PriceBucket[] } | { range: PriceRange; failed: true } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const cancel = afterInteractive(() => {
      void apiJson<PriceBucket[]>(`/api/items/${encodeURIComponent(itemId)}/prices?range=${range}`, { signal: controller.signal }).then(
        (found) => {
          if (controller.signal.aborted) return;
          setAnswer(found.ok ? { range, buckets: found.data } : { range, failed: true });
        },
      );
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [itemId, range]);

  const current = answer?.range === range ? answer : null;
  const buckets = current && "buckets" in current ? current.buckets : [];
  const number = numberFormat(language);
  const gold = (value: number) => t("gold", { amount: number.format(Math.round(value)) });
  const volume = buckets.reduce((sum, bucket) => sum + bucket.volume, 0);
  const lowest = buckets.length ? Math.min(...buckets.map((bucket) => bucket.min)) : 0;
  const highest = buckets.length ? Math.max(...buckets.map((bucket) => bucket.max)) : 0;
  const latest = buckets.at(-1);
  const when = (at: number) => formatDate(at, language, range === "48h" ? { date: "short", time: "short" } : { date: "short" });

  return (
    <section aria-labelledby="price-history" className="mt-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="price-history" className="font-bold">
          {t("prices.heading")}
        </h3>
        <div role="group" aria-label={t("prices.range")} className="flex gap-1">
          {priceRanges.map((each) => (
            <button
              key={each}
              type="button"
              aria-pressed={each === range}
              onClick={() => setRange(each)}
              className={`inline-flex min-h-10 items-center rounded-full border px-3 text-sm font-semibold ${each === range ? "border-brand bg-brand text-on-brand" : "border-line bg-surface hover:border-brand"}`}
            >
              {t(`prices.ranges.${each}`)}
            </button>
          ))}
        </div>
      </div>
      <p className="mt-1 text-xs text-fg-muted">{t(range === "48h" ? "prices.hourly" : "prices.daily")}</p>
      {/* The chart's box is reserved from the first paint: data and the chart library arrive later without moving anything. */}
      <div className="mt-3 h-56 w-full overflow-hidden rounded-lg border border-line bg-bg">
        {current && buckets.length > 0 ? (
          <Suspense fallback={null}>
            <PriceChart
              buckets={buckets}
              range={range}
              language={language}
              labels={{ median: t("prices.median"), min: t("prices.min"), max: t("prices.max"), volume: t("prices.volume") }}
            />
          </Suspense>
        ) : (
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-fg-muted">
            {!current ? t("market.loading") : "failed" in current ? t("market.failed") : t("prices.none")}
          </p>
        )}
      </div>
      {latest ? (
        <>
          <p className="mt-2 text-sm" data-testid="price-summary">
            {t("prices.summary", {
              median: gold(latest.median),
              when: when(latest.t),
              min: gold(lowest),
              max: gold(highest),
              volume: number.format(volume),
            })}
          </p>
          <details className="mt-2 text-sm">
            <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-link">{t("prices.table")}</summary>
            <div className="mt-2 max-h-80 overflow-auto">
              <table className="w-full text-left tabular-nums">
                <caption className="sr-only">{t("prices.heading")}</caption>
                <thead>
                  <tr className="border-b border-line">
                    <th scope="col" className="py-1 pr-2">
                      {t(range === "48h" ? "prices.hour" : "prices.day")}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      {t("prices.median")}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      {t("prices.min")}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      {t("prices.max")}
                    </th>
                    <th scope="col" className="py-1 text-right">
                      {t("prices.volume")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...buckets].reverse().map((bucket) => (
                    <tr key={bucket.t} className="border-b border-line">
                      <th scope="row" className="py-1 pr-2 font-normal">
                        {when(bucket.t)}
                      </th>
                      <td className="py-1 pr-2 text-right">{number.format(Math.round(bucket.median))}</td>
                      <td className="py-1 pr-2 text-right">{number.format(bucket.min)}</td>
                      <td className="py-1 pr-2 text-right">{number.format(bucket.max)}</td>
                      <td className="py-1 text-right">{number.format(bucket.volume)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : null}
    </section>
  );
}

export function ItemMarket({ itemId, servers, i18n }: { itemId: string; servers: MarketServer[]; i18n: RouteMessages }) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const [params, setParams] = useUrlParams();
  const requested = params.get("server") ?? "";
  const server = servers.some((each) => each.id === requested) ? requested : "";
  const [book, setBook] = useState<{ server: string; offers: Book } | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const loading = useRef(false);
  const missed = useRef(false);
  const now = useMinuteClock(book !== null);

  useEffect(() => {
    const controller = new AbortController();
    const read = () => {
      loading.current = true;
      missed.current = false;
      const query = (side: OfferSide) =>
        new URLSearchParams({ itemId, side, status: "open", limit: String(BOOK_LIMIT), ...(server ? { server } : {}) });
      void Promise.all(offerSides.map((side) => apiJson<Offer[]>(`/api/offers?${query(side)}`, { signal: controller.signal }))).then(
        ([sells, buys]) => {
          if (controller.signal.aborted) return;
          loading.current = false;
          if (!sells?.ok || !buys?.ok) return setFailed(true);
          setFailed(false);
          setBook({ server, offers: { sell: sortBook("sell", sells.data), buy: sortBook("buy", buys.data) } });
          // A change heard while the lists were on their way: read them once more.
          if (missed.current) setGeneration((value) => value + 1);
        },
      );
    };
    const cancel = afterInteractive(read);
    return () => {
      cancel();
      controller.abort();
    };
  }, [itemId, server, generation]);

  const onFrame = (frame: ServerFrame) => {
    if (frame.type !== "offer-book") return;
    if (loading.current) {
      missed.current = true;
      return;
    }
    setBook((current) => {
      if (!current) return current;
      const without = {
        sell: current.offers.sell.filter((each) => each.id !== frame.offerId),
        buy: current.offers.buy.filter((each) => each.id !== frame.offerId),
      };
      const offer = frame.offer;
      if (offer && offer.status === "open" && (!current.server || offer.server === current.server))
        without[offer.side] = sortBook(offer.side, [...without[offer.side], offer]);
      return { server: current.server, offers: without };
    });
  };
  useTopic(`offers:${itemId}`, undefined, onFrame);

  const shown = book?.server === server ? book.offers : null;
  const serverName = (id: string) => servers.find((each) => each.id === id)?.name ?? id;

  return (
    <section aria-labelledby="market" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="market" className="text-lg font-bold">
          {t("market.heading")}
        </h2>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t("market.server")}</span>
          <select
            value={server}
            onChange={(event) => setParams({ server: event.target.value || null })}
            className="min-h-10 rounded-md border border-line bg-bg px-2 text-fg"
          >
            <option value="">{t("market.allServers")}</option>
            <ServerOptions servers={servers} />
          </select>
        </label>
      </div>
      <div className="mt-4 grid gap-5 md:grid-cols-2">
        {offerSides.map((side) => (
          <BookSide
            key={side}
            side={side}
            offers={shown?.[side] ?? []}
            loaded={shown !== null}
            failed={failed}
            now={now}
            serverName={serverName}
            t={t}
            language={language}
          />
        ))}
      </div>
      <p className="mt-4 flex flex-wrap gap-2">
        {offerSides.map((side) => (
          <Link
            key={side}
            to={`/me/make-offer?item=${encodeURIComponent(itemId)}&side=${side}`}
            className="inline-flex min-h-10 items-center rounded-md border border-line px-3 font-semibold hover:border-brand"
          >
            {t(`market.post.${side}`)}
          </Link>
        ))}
      </p>
      <PriceHistory itemId={itemId} t={t} language={language} />
    </section>
  );
}
