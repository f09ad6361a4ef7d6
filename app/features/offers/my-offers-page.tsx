/**
 * `/me/make-offer`: post an offer, my open, reserved and past offers, my price alerts and my
 * character names. Served as islands (decision 042): the lists of offers are server HTML, which the
 * plain `offer-live` island replaces in place once one of them changes state; the new-offer form, the
 * alerts and the names are islands the member wakes by using them (`my-offers-tools.tsx`).
 */
import { OFFERS_PAST_FIRST, OFFERS_PAST_MORE_ID } from "../../../universal/offers/offer-limits.ts";
import type { Alert, CharacterClaim, Offer, OfferSide } from "../../../universal/offers/offer-types.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { ShowAllLink } from "../../shared/ui/show-all-link.tsx";
import type { PickedItem } from "./item-picker.tsx";
import { MY_OFFERS_PARTS, OFFER_LIVE_TOPICS_MAX } from "./offer-live.ts";
import { OfferLive } from "./offer-live-island.tsx";
import { OfferRow, type Named } from "./offer-parts.tsx";
import type { ServerChoice } from "./offer-form.tsx";
import {
  MY_ALERTS_MESSAGES,
  MY_CLAIMS_MESSAGES,
  MY_OFFERS_NOTICE,
  MyAlerts,
  MyClaims,
  NEW_OFFER_MESSAGES,
  NewOffer,
} from "./my-offers-tools.tsx";

export interface MyOffersProps {
  i18n: RouteMessages;
  offers: Offer[];
  alerts: Alert[];
  claims: CharacterClaim[];
  /** Names and icons of the items the lists mention, by id. */
  items: Record<string, Named>;
  servers: ServerChoice[];
  /** `?item=` (from an item page's "post an offer"): the form opens with it. */
  initialItem: PickedItem | null;
  initialSide: OfferSide;
  /** How many finished offers there are; `offers` holds the first `OFFERS_PAST_FIRST` unless `?past=all`. */
  pastCount: number;
  /** The page with every finished offer, when only the first are shown. */
  pastAllHref: string | null;
}

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";

export function MyOffersPage({
  i18n,
  offers,
  alerts,
  claims,
  items,
  servers,
  initialItem,
  initialSide,
  pastCount,
  pastAllHref,
}: MyOffersProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const serverName = (id: string) => servers.find((each) => each.id === id)?.name ?? id;
  const groups = [
    { key: "open", list: offers.filter((offer) => offer.status === "open") },
    { key: "reserved", list: offers.filter((offer) => offer.status === "reserved") },
    { key: "past", list: offers.filter((offer) => offer.status !== "open" && offer.status !== "reserved") },
  ] as const;
  const live = offers
    .filter((offer) => offer.status === "open" || offer.status === "reserved")
    .map((offer) => ({ id: offer.id, version: offer.version }));
  const alertItems = Object.fromEntries(alerts.flatMap((alert) => (items[alert.itemId] ? [[alert.itemId, items[alert.itemId]!]] : [])));

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.meMakeOffer.title")}</h1>
        <p className="mt-2 text-fg-muted">{t("mine.lead")}</p>
      </div>

      <section aria-label={t("form.title")} className={card}>
        <Island
          name="offer-new"
          component={NewOffer}
          props={{
            i18n: pickMessages(i18n, NEW_OFFER_MESSAGES),
            servers,
            characterNames: claims.map((claim) => claim.name),
            initialItem,
            initialSide,
          }}
          // Opened from an item's page (`?item=`), the form is what the member came for: it is live at once.
          when={initialItem ? "always" : "used"}
        />
      </section>

      <p id={MY_OFFERS_NOTICE} role="status" className="sr-only" />

      <div id={MY_OFFERS_PARTS[0]} className="flex flex-col gap-5">
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`mine-${group.key}`} className={card}>
            <h2 id={`mine-${group.key}`} className="text-lg font-bold">
              {t(`mine.${group.key}`)}{" "}
              <span className="font-normal text-fg-muted">({group.key === "past" ? pastCount : group.list.length})</span>
            </h2>
            {group.list.length === 0 ? (
              <p className="mt-2 text-sm text-fg-muted">{t(`mine.${group.key}Empty`)}</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-2">
                {group.list.map((offer, index) => (
                  <li
                    key={offer.id}
                    id={group.key === "past" && index === OFFERS_PAST_FIRST ? OFFERS_PAST_MORE_ID : undefined}
                    className="lazy-row"
                  >
                    <OfferRow offer={offer} item={items[offer.itemId]} serverName={serverName(offer.server)} t={t} language={language} />
                  </li>
                ))}
              </ul>
            )}
            {group.key === "past" && pastAllHref ? (
              <ShowAllLink href={pastAllHref} className="mt-3">
                {t("mine.pastShowAll", { count: pastCount, shown: group.list.length })}
              </ShowAllLink>
            ) : null}
          </section>
        ))}
      </div>
      {live.length > 0 ? <OfferLive mode="list" offers={live.slice(0, OFFER_LIVE_TOPICS_MAX)} /> : null}

      <section aria-labelledby="mine-alerts" className={card}>
        <h2 id="mine-alerts" className="text-lg font-bold">
          {t("alerts.heading")}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t("alerts.lead")}</p>
        <Island
          name="offer-alerts"
          component={MyAlerts}
          props={{ i18n: pickMessages(i18n, MY_ALERTS_MESSAGES), alerts, items: alertItems, servers }}
          when="used"
        />
      </section>

      <section aria-labelledby="mine-claims" className={card}>
        <h2 id="mine-claims" className="text-lg font-bold">
          {t("claims.heading")}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t("claims.lead")}</p>
        <Island
          name="offer-claims"
          component={MyClaims}
          props={{ i18n: pickMessages(i18n, MY_CLAIMS_MESSAGES), claims, servers }}
          when="used"
        />
      </section>
    </div>
  );
}
