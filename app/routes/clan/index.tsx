import { ClanDirectoryPage } from "~/features/clans/clan-directory-page.tsx";
import { ClanPageView } from "~/features/clans/clan-page.tsx";
import { loadRouteMessages, pickMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { requireSearchBudget } from "~/shared/routing/search-budget.ts";
import { listKind } from "../../../server/content/catalog.ts";
import { clanIdByTag, clansOf, getClan, listClans } from "../../../server/clans/clans.ts";
import type { GameServer } from "../../../universal/content/pack-schema.ts";
import { clansQuery } from "../../../universal/clans/clan-schemas.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = (args) => {
  const clan = args.loaderData?.view === "clan" ? args.loaderData.clan : null;
  return clan ? metaFor("clan", args, { title: `${clan.name} [${clan.tag}]` }) : metaFor("clan", args);
};

const CLAN_ID = /^clan-[a-f0-9]{20}$/;
const TAG = /^[A-Z0-9]{2,5}$/;
const SERVER = /^[a-z0-9-]{1,80}$/;

/**
 * `/clan`: the directory (filters, the reader's own clans and invitations, the form to found one);
 * `?id=` a clan's page; `?server=&tag=` the clan of that tag on that server (the map links so), or a
 * 404 when there is none.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db, viewer } = context.get(requestContext);
  const params = url.searchParams;
  const [i18n, serverEntries] = await Promise.all([loadRouteMessages(request, "clans"), listKind<GameServer>(db, "servers")]);
  const servers = serverEntries
    .filter((server) => server.status !== "merged")
    .map((server) => ({ id: server.id, name: localize(server.name, i18n.language) }));

  const byTag = params.has("tag") ? { server: params.get("server") ?? "", tag: params.get("tag") ?? "" } : null;
  if (params.has("id") || byTag) {
    const id = byTag
      ? SERVER.test(byTag.server) && TAG.test(byTag.tag)
        ? await clanIdByTag(db, byTag.server, byTag.tag)
        : undefined
      : (params.get("id") ?? "");
    const clan = id && CLAN_ID.test(id) ? await getClan(db, id, viewer) : undefined;
    if (!clan) notFound(url, { list: "clan" });
    const serverName = servers.find((server) => server.id === clan.server)?.name ?? clan.server;
    return {
      view: "clan" as const,
      i18n,
      language: i18n.language,
      clan,
      serverName,
      signedIn: viewer !== null,
    };
  }

  await requireSearchBudget(context, url);
  const parsed = clansQuery.safeParse(Object.fromEntries(params));
  // An edited or stale URL (a made-up filter, an old cursor) shows the first page rather than an error.
  const query = parsed.success ? parsed.data : {};
  const [page, mine] = await Promise.all([listClans(db, query), viewer ? clansOf(db, viewer.uid) : null]);
  return {
    view: "directory" as const,
    i18n,
    language: i18n.language,
    servers,
    query,
    clans: page.data,
    nextCursor: page.nextCursor,
    mine,
    signedIn: viewer !== null,
    createI18n: pickMessages(i18n, [
      "create",
      "emblems",
      "errors",
      "actions.working",
      "directory.server",
      "directory.language",
      "summary.languages",
    ]),
  };
}

/** Served as islands (decision 042): the directory and a clan's page are server HTML; the forms wake when used. */
export const handle = islandsHandle;

export default function Clan({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "clan") {
    const { view: _view, ...props } = loaderData;
    return <ClanPageView {...props} />;
  }
  const { view: _view, ...props } = loaderData;
  return <ClanDirectoryPage {...props} />;
}
