import { OfferDetailPage } from "~/features/offers/offer-detail-page.tsx";
import { loadReportMessages, loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { Translator } from "~/shared/i18n/translator.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { guarded, middlewareFor, requireViewer } from "~/shared/routing/guards.ts";
import { requireFound } from "~/shared/routing/page-refusals.ts";
import { getEntry } from "../../../../server/content/catalog.ts";
import { itemNames } from "../../../../server/content/world.ts";
import { getOffer } from "../../../../server/offers/get-offer.ts";
import type { GameServer } from "../../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (!data) return metaFor("meMakeOfferDetail", args);
  const t = new Translator(data.i18n.language, { offers: data.i18n.messages }).bind("offers");
  const item = localize(data.item?.name, data.i18n.language) || data.offer.itemId;
  return metaFor("meMakeOfferDetail", args, { title: t(`detail.title.${data.offer.side}`, { item }) });
};

export const middleware = middlewareFor("meMakeOfferDetail");

/** `?id=` names the offer; one the viewer may not read (another's reserved or past offer) is a 404 like one that does not exist. */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db, presence } = context.get(requestContext);
  const viewer = requireViewer(context);
  const id = url.searchParams.get("id") ?? "";
  const offer = await requireFound(url, /^[1-9][0-9]{0,15}$/.test(id) ? getOffer(db, viewer, Number(id), presence) : null);
  const [i18n, moderationI18n, items, server] = await Promise.all([
    loadRouteMessages(request, "offers"),
    loadReportMessages(request),
    itemNames(db, [offer.itemId]),
    getEntry<GameServer>(db, "servers", offer.server),
  ]);
  return {
    i18n,
    moderationI18n,
    offer,
    item: items[offer.itemId] ?? null,
    serverName: server ? localize(server.name, i18n.language) : offer.server,
    viewer: { uid: viewer.uid, displayName: viewer.name },
  };
});

/** Served as islands (decision 042): the forms and moves hydrate when the member uses them; offer updates are a plain island. */
export const handle = islandsHandle;

export default function MeMakeOfferDetail({ loaderData }: Route.ComponentProps) {
  return <OfferDetailPage {...loaderData} />;
}
