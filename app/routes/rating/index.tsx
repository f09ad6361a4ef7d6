import { CharacterPage } from "~/features/rankings/character-page.tsx";
import { RatingPage } from "~/features/rankings/rating-page.tsx";
import { loadReportMessages, loadRouteMessages, pickMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { listKind } from "../../../server/content/catalog.ts";
import { characterById, characterHistory, charactersOf, clanOfCharacter } from "../../../server/rankings/characters.ts";
import { rankings } from "../../../server/rankings/rankings.ts";
import type { GameClass, GameServer } from "../../../universal/content/pack-schema.ts";
import { rankingsQuery } from "../../../universal/rankings/ranking-schemas.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = (args) => {
  const character = args.loaderData?.view === "character" ? args.loaderData.character : null;
  return character ? metaFor("rating", args, { title: character.name }) : metaFor("rating", args);
};

const ID = /^[1-9][0-9]{0,15}$/;

/**
 * `/rating`: the rankings (players by default; `kind`, `server`, `classId`, `period`, `cursor` as the
 * API takes them) and, for a member, their characters and the form that adds numbers;
 * `?character=` a character's page with its history.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db, viewer } = context.get(requestContext);
  const params = url.searchParams;
  const [i18n, serverEntries, classEntries] = await Promise.all([
    loadRouteMessages(request, "rankings"),
    listKind<GameServer>(db, "servers"),
    listKind<GameClass>(db, "classes"),
  ]);
  const servers = serverEntries
    .filter((server) => server.status !== "merged")
    .map((server) => ({ id: server.id, name: localize(server.name, i18n.language) }));
  const classes = classEntries.map((each) => ({ id: each.id, name: localize(each.name, i18n.language) }));

  if (params.has("character")) {
    const id = params.get("character") ?? "";
    const character = ID.test(id) ? await characterById(db, Number(id)) : undefined;
    if (!character) notFound(url, { list: "rating" });
    const mayReport = viewer !== null && viewer.uid !== character.uid;
    const [history, clan, moderationI18n] = await Promise.all([
      characterHistory(db, character.id),
      clanOfCharacter(db, character),
      mayReport ? loadReportMessages(request) : null,
    ]);
    return {
      view: "character" as const,
      i18n,
      language: i18n.language,
      servers,
      classes,
      character,
      history,
      clan,
      reportI18n: moderationI18n,
    };
  }

  const parsed = rankingsQuery.safeParse(Object.fromEntries(params));
  // An edited or stale URL (a made-up kind, an old cursor) shows the first page of the players' ranking.
  const query = parsed.success ? parsed.data : rankingsQuery.parse({});
  const [answer, mine] = await Promise.all([rankings(db, query), viewer ? charactersOf(db, viewer.uid) : null]);
  return {
    view: "rankings" as const,
    i18n,
    language: i18n.language,
    servers,
    classes,
    query,
    answer,
    mine,
    submitI18n: viewer ? pickMessages(i18n, ["submit", "errors"]) : null,
  };
}

/** Served as islands (decision 042): the rankings are server HTML; the form and the chart are islands. */
export const handle = islandsHandle;

export default function Rating({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "character") {
    const { view: _view, ...props } = loaderData;
    return <CharacterPage {...props} />;
  }
  const { view: _view, ...props } = loaderData;
  return <RatingPage {...props} />;
}
