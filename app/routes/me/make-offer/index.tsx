import { MyOffersPage } from "~/features/offers/my-offers-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { guarded, middlewareFor, requireViewer } from "~/shared/routing/guards.ts";
import { getEntry, listKind } from "../../../../server/content/catalog.ts";
import { itemNames } from "../../../../server/content/world.ts";
import { listOffers } from "../../../../server/offers/list-offers.ts";
import { listAlerts } from "../../../../server/offers/price-alerts.ts";
import { listClaims } from "../../../../server/reputation/reputation.ts";
import type { GameServer, Item } from "../../../../universal/content/pack-schema.ts";
import { firstRows } from "~/shared/routing/first-rows.ts";
import { OFFER_PAGE_MAX, OFFERS_PAST_FIRST, OFFERS_PAST_MORE_ID, OFFERS_PAST_PARAM } from "../../../../universal/offers/offer-limits.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("meMakeOffer");

/**
 * My offers (every status, newest first; the first finished ones unless `?past=all`), alerts and claimed
 * names; `?item=` and `?side=` open the form for an item.
 */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db, presence } = context.get(requestContext);
  const viewer = requireViewer(context);
  const requested = url.searchParams.get("item") ?? "";
  const [i18n, offers, alerts, claims, servers, picked] = await Promise.all([
    loadRouteMessages(request, "offers"),
    listOffers(db, viewer, { mine: true, limit: OFFER_PAGE_MAX }, Date.now(), presence),
    listAlerts(db, viewer),
    listClaims(db, viewer),
    listKind<GameServer>(db, "servers"),
    /^[a-z0-9-]{1,80}$/.test(requested) ? getEntry<Item>(db, "items", requested) : Promise.resolve(null),
  ]);
  const live = offers.filter((offer) => offer.status === "open" || offer.status === "reserved");
  const past = firstRows(
    offers.filter((offer) => offer.status !== "open" && offer.status !== "reserved"),
    url,
    { first: OFFERS_PAST_FIRST, param: OFFERS_PAST_PARAM, value: "all", landOn: OFFERS_PAST_MORE_ID },
  );
  const shown = [...live, ...past.shown];
  const items = await itemNames(db, [...shown.map((offer) => offer.itemId), ...alerts.map((alert) => alert.itemId)]);
  return {
    i18n,
    offers: shown,
    pastCount: past.count,
    pastAllHref: past.allHref,
    alerts,
    claims,
    items,
    servers: servers
      .filter((server) => server.status !== "merged")
      .map((server) => ({ id: server.id, name: localize(server.name, i18n.language) })),
    initialItem: picked ? { id: picked.id, name: picked.name, icon: picked.icon } : null,
    initialSide: url.searchParams.get("side") === "buy" ? ("buy" as const) : ("sell" as const),
  };
});

/** Served as islands (decision 042): the forms and moves hydrate when the member uses them; offer updates are a plain island. */
export const handle = islandsHandle;

export default function MeMakeOffer({ loaderData }: Route.ComponentProps) {
  return <MyOffersPage {...loaderData} />;
}
