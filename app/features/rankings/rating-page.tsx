import { Link } from "react-router";
import type { RankingsAnswer } from "../../../server/rankings/rankings.ts";
import type { CharacterView } from "../../../server/rankings/characters.ts";
import { clanHref } from "../../../universal/clans/clan-limits.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { characterHref, rankingKinds, rankingWindows } from "../../../universal/rankings/ranking-limits.ts";
import type { RankingsQuery } from "../../../universal/rankings/ranking-schemas.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { Island } from "../../shared/islands/island.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { PageHeading } from "../../shared/ui/catalog-parts.tsx";
import { ServerOptions } from "../../shared/ui/server-options.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { CharacterSubmit } from "./character-submit.tsx";
import { Gain, RankChange, UnverifiedMark } from "./rating-parts.tsx";

export interface RatingPageProps {
  i18n: RouteMessages;
  language: Language;
  servers: { id: string; name: string }[];
  classes: { id: string; name: string }[];
  query: RankingsQuery;
  answer: RankingsAnswer;
  /** The reader's characters; null for a visitor. */
  mine: CharacterView[] | null;
  submitI18n: RouteMessages | null;
}

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";
const cell = "px-2 py-2 align-top";
const head = "px-2 py-2 text-left font-semibold text-fg-muted";
const tab = (current: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${current ? "border-brand bg-brand text-on-brand" : "border-line hover:bg-surface-muted"}`;
const field = "h-11 w-full rounded-md border border-line bg-bg px-3 text-fg";

/** A filter's select: any, or one of the choices (ids with their shown names). */
function ChoiceSelect({
  name,
  label,
  any,
  value,
  choices,
}: {
  name: string;
  label: string;
  any: string;
  value: string | undefined;
  choices: { id: string; name: string }[];
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value ?? ""} className={field}>
        <option value="">{any}</option>
        <ServerOptions servers={choices} />
      </select>
    </label>
  );
}

/** A row's rank and its move since the last snapshot. */
function RankCell({ rank, change, t }: { rank: number; change: number | null; t: TFunction }) {
  return (
    <td className={cell}>
      <span className="font-bold tabular-nums">{rank}</span>{" "}
      <span className="block text-xs">
        <RankChange change={change} t={t} />
      </span>
    </td>
  );
}

/** The query as a `/rating` URL, with `changes` (a null drops the field; a change of filter starts from the top). */
function ratingHref(query: RankingsQuery, changes: Partial<Record<keyof RankingsQuery, string | number | null>>): string {
  const params = new URLSearchParams();
  const next = { ...query, cursor: undefined, ...changes };
  for (const [key, value] of Object.entries(next))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  if (next.kind === "players") params.delete("kind");
  if (next.period === "week") params.delete("period");
  const text = params.toString();
  return text ? `/rating?${text}` : "/rating";
}

/**
 * The rankings: players (the default), clans or contribution as tabs, the period the gains count over,
 * the server and class as a GET form, 50 ranks a page; beside them, a member's characters and the form
 * that adds their numbers. Server HTML; only the form is an island.
 */
export function RatingPage({ i18n, language, servers, classes, query, answer, mine, submitI18n }: RatingPageProps) {
  const { t } = useRouteMessages(i18n);
  const format = numberFormat(language).format;
  const serverName = (id: string) => servers.find((server) => server.id === id)?.name ?? id;
  const className = (id: string) => classes.find((each) => each.id === id)?.name ?? id;

  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="rating" />
      <p className="mt-2 text-sm text-fg-muted">{t("lead")}</p>

      <div className="mt-5 flex flex-col gap-6 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          <nav aria-label={t("tabs.label")} className="flex flex-wrap gap-2">
            {rankingKinds.map((kind) => (
              <Link
                key={kind}
                to={ratingHref(query, { kind, classId: null })}
                aria-current={query.kind === kind ? "page" : undefined}
                className={tab(query.kind === kind)}
              >
                {t(`tabs.${kind}`)}
              </Link>
            ))}
          </nav>
          <nav aria-label={t("periods.label")} className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold text-fg-muted">{t("periods.label")}</span>
            {rankingWindows.map((period) => (
              <Link
                key={period}
                to={ratingHref(query, { period })}
                aria-current={query.period === period ? "true" : undefined}
                className={tab(query.period === period)}
              >
                {t(`periods.${period}`)}
              </Link>
            ))}
          </nav>

          {query.kind !== "contribution" ? (
            <form
              method="get"
              action="/rating"
              aria-label={t("filters.label")}
              className={`${card} mt-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-4`}
            >
              {query.kind === "clans" ? <input type="hidden" name="kind" value="clans" /> : null}
              {query.period !== "week" ? <input type="hidden" name="period" value={query.period} /> : null}
              <ChoiceSelect name="server" label={t("filters.server")} any={t("filters.anyServer")} value={query.server} choices={servers} />
              {query.kind === "players" ? (
                <ChoiceSelect
                  name="classId"
                  label={t("filters.class")}
                  any={t("filters.anyClass")}
                  value={query.classId}
                  choices={classes}
                />
              ) : null}
              <button type="submit" className="h-11 rounded-md bg-brand px-4 font-semibold text-on-brand">
                {t("filters.apply")}
              </button>
              <Link
                to={ratingHref({ kind: query.kind, period: query.period }, {})}
                className="inline-flex min-h-11 items-center text-sm text-link underline underline-offset-2"
              >
                {t("filters.reset")}
              </Link>
            </form>
          ) : null}

          <section aria-labelledby="ranking-table" className={`${card} mt-4`}>
            <h2 id="ranking-table" className="sr-only">
              {t(`tabs.${query.kind}`)}
            </h2>
            {answer.data.length === 0 ? (
              <p className="p-4 text-center text-fg-muted">{t("empty")}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  {answer.kind === "players" ? (
                    <>
                      <thead>
                        <tr>
                          <th className={head}>{t("columns.rank")}</th>
                          <th className={head}>{t("columns.name")}</th>
                          <th className={`${head} text-right`}>{t("columns.power")}</th>
                          <th className={`${head} text-right`}>{t("columns.gain")}</th>
                          <th className={head}>{t("columns.class")}</th>
                          <th className={`${head} text-right`}>{t("columns.level")}</th>
                          <th className={head}>{t("columns.clan")}</th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-line">
                        {answer.data.map((row) => (
                          <tr key={row.characterId}>
                            <RankCell rank={row.rank} change={row.change} t={t} />
                            <td className={cell}>
                              <Link to={characterHref(row.characterId)} className="font-semibold text-link underline underline-offset-2">
                                {row.name}
                              </Link>
                              {row.verified ? null : <UnverifiedMark t={t} />}
                              <span className="block text-xs text-fg-muted">{serverName(row.server)}</span>
                            </td>
                            <td className={`${cell} text-right font-semibold tabular-nums`}>{format(row.power)}</td>
                            <td className={`${cell} text-right tabular-nums`}>
                              <Gain gain={row.gain} language={language} />
                            </td>
                            <td className={cell}>{className(row.classId)}</td>
                            <td className={`${cell} text-right tabular-nums`}>{row.level}</td>
                            <td className={cell}>
                              {row.clan ? (
                                <Link to={clanHref(row.clan.id)} className="text-link underline underline-offset-2">
                                  [{row.clan.tag}]
                                </Link>
                              ) : (
                                <span className="text-fg-muted">–</span>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </>
                  ) : answer.kind === "clans" ? (
                    <>
                      <thead>
                        <tr>
                          <th className={head}>{t("columns.rank")}</th>
                          <th className={head}>{t("columns.clan")}</th>
                          <th className={`${head} text-right`}>{t("columns.power")}</th>
                          <th className={`${head} text-right`}>{t("columns.gain")}</th>
                          <th className={`${head} text-right`}>{t("columns.members")}</th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-line">
                        {answer.data.map((row) => (
                          <tr key={row.clanId}>
                            <RankCell rank={row.rank} change={row.change} t={t} />
                            <td className={cell}>
                              <Link to={clanHref(row.clanId)} className="font-semibold text-link underline underline-offset-2">
                                {row.name} [{row.tag}]
                              </Link>
                              <span className="block text-xs text-fg-muted">{serverName(row.server)}</span>
                            </td>
                            <td className={`${cell} text-right font-semibold tabular-nums`}>{format(row.power)}</td>
                            <td className={`${cell} text-right tabular-nums`}>
                              <Gain gain={row.gain} language={language} />
                            </td>
                            <td className={`${cell} text-right tabular-nums`}>{row.members}</td>
                          </tr>
                        ))}
                      </tbody>
                    </>
                  ) : (
                    <>
                      <thead>
                        <tr>
                          <th className={head}>{t("columns.rank")}</th>
                          <th className={head}>{t("columns.member")}</th>
                          <th className={`${head} text-right`}>{t("columns.points")}</th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-line">
                        {answer.data.map((row) => (
                          <tr key={row.uid}>
                            <td className={`${cell} font-bold tabular-nums`}>{row.rank}</td>
                            <td className={cell}>
                              <Link
                                to={`/users?id=${encodeURIComponent(row.uid)}`}
                                className="font-semibold text-link underline underline-offset-2"
                              >
                                {row.displayName}
                              </Link>
                            </td>
                            <td className={`${cell} text-right font-semibold tabular-nums`}>{format(row.points)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </>
                  )}
                </table>
              </div>
            )}
            {answer.nextCursor !== null || query.cursor ? (
              <nav aria-label={t(`tabs.${query.kind}`)} className="mt-4 flex flex-wrap justify-between gap-3">
                {query.cursor ? (
                  <Link
                    to={ratingHref(query, {})}
                    className="inline-flex min-h-11 items-center rounded-md border border-line px-4 font-semibold"
                  >
                    {t("first")}
                  </Link>
                ) : (
                  <span />
                )}
                {answer.nextCursor !== null ? (
                  <Link
                    to={ratingHref(query, { cursor: answer.nextCursor })}
                    className="inline-flex min-h-11 items-center rounded-md border border-line px-4 font-semibold"
                  >
                    {t("more")}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </section>
        </div>

        <aside aria-labelledby="my-characters" className={`${card} flex flex-col gap-3 lg:w-96 lg:shrink-0`}>
          <h2 id="my-characters" className="text-lg font-bold">
            {t("mine.title")}
          </h2>
          {mine ? (
            <>
              {mine.length === 0 ? (
                <p className="text-sm text-fg-muted">{t("mine.none")}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {mine.map((character) => (
                    <li key={character.id} className="flex items-baseline justify-between gap-3">
                      <Link
                        to={characterHref(character.id)}
                        className="min-w-0 truncate font-semibold text-link underline underline-offset-2"
                      >
                        {character.name}
                      </Link>
                      <span className="text-sm text-fg-muted tabular-nums">{format(character.power)}</span>
                    </li>
                  ))}
                </ul>
              )}
              <h3 className="mt-2 font-semibold">{t("submit.title")}</h3>
              <p className="text-sm text-fg-muted">{t("submit.lead")}</p>
              {submitI18n ? (
                <Island name="rating-submit" component={CharacterSubmit} props={{ i18n: submitI18n, servers, classes }} when="used" />
              ) : null}
            </>
          ) : (
            <div className="[&>p]:mt-0">
              <SignInPrompt text={t("submit.signIn")} action={t("submit.signInAction")} back="/rating" />
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}
