import { BplayerPage } from "~/features/reputation/bplayer-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { listKind } from "../../../server/content/catalog.ts";
import { itemNames } from "../../../server/content/world.ts";
import { reputationOf } from "../../../server/reputation/reputation.ts";
import type { GameServer } from "../../../universal/content/pack-schema.ts";
import { reputationQuery } from "../../../universal/offers/offer-schemas.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = (args) => {
  const result = args.loaderData?.result;
  return result ? metaFor("bplayer", args, { title: result.name }) : metaFor("bplayer", args);
};

/** `?name=` (accent-insensitive) and `?server=` (every server when absent): the lookup is the page's URL, rendered whole. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db, viewer } = context.get(requestContext);
  const name = url.searchParams.get("name") ?? "";
  const requestedServer = url.searchParams.get("server") ?? "";
  const [i18n, packServers] = await Promise.all([loadRouteMessages(request, "reputation"), listKind<GameServer>(db, "servers")]);
  const servers = packServers.map((server) => ({ id: server.id, name: localize(server.name, i18n.language) }));
  const server = servers.some((each) => each.id === requestedServer) ? requestedServer : "";
  const parsed = name.trim() ? reputationQuery.safeParse({ name, ...(server ? { server } : {}) }) : null;
  const result = parsed?.success ? await reputationOf(db, parsed.data.name, parsed.data.server) : null;
  const names = result
    ? await itemNames(
        db,
        result.feedback.map((each) => each.itemId),
      )
    : {};
  return {
    i18n,
    query: { name: parsed?.success ? parsed.data.name : name, server },
    result,
    invalid: parsed !== null && !parsed.success,
    servers,
    items: Object.fromEntries(Object.entries(names).map(([id, entry]) => [id, entry.name])),
    viewer: viewer ? { uid: viewer.uid } : null,
  };
}

export default function Bplayer({ loaderData }: Route.ComponentProps) {
  return <BplayerPage {...loaderData} />;
}
