import { Link } from "react-router";
import type { CharacterView } from "../../../server/rankings/characters.ts";
import { clanHref } from "../../../universal/clans/clan-limits.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { EntryBreadcrumbs } from "../../shared/ui/catalog-parts.tsx";
import { ReaderTime } from "../../shared/ui/countdown.tsx";
import { CharacterHistoryChart } from "./character-history.tsx";
import { CharacterReport } from "./character-report.tsx";
import { UnverifiedMark } from "./rating-parts.tsx";

export interface CharacterPageProps {
  i18n: RouteMessages;
  language: Language;
  servers: { id: string; name: string }[];
  classes: { id: string; name: string }[];
  character: CharacterView;
  history: { t: number; level: number; power: number }[];
  clan: { id: string; name: string; tag: string } | null;
  /** The report dialog's words, for a signed-in reader who is not the character's member; null otherwise. */
  reportI18n: RouteMessages | null;
}

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";

/** A character's page: its latest numbers and whether they and its claim are checked, its clan, and its history as a chart and a table. */
export function CharacterPage({ i18n, language, servers, classes, character, history, clan, reportI18n }: CharacterPageProps) {
  const { t } = useRouteMessages(i18n);
  const format = numberFormat(language).format;
  const serverName = servers.find((server) => server.id === character.server)?.name ?? character.server;
  const className = classes.find((each) => each.id === character.classId)?.name ?? character.classId;
  return (
    <div className="mx-auto max-w-3xl">
      <EntryBreadcrumbs listKey="rating" current={character.name} />
      <header className={`${card} flex flex-col gap-2`}>
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{character.name}</h1>
        <p className="text-fg-muted">{t("character.facts", { level: character.level, className, server: serverName })}</p>
        <p className="text-xl font-bold tabular-nums">
          {t("character.power", { power: format(character.power) })}
          {character.verified ? null : <UnverifiedMark t={t} />}
        </p>
        <p className="text-sm">{t(character.verified ? "character.numbersVerified" : "character.numbersUnverified")}</p>
        <p className="text-sm">{t(character.claim === "verified" ? "character.claimVerified" : "character.claimPending")}</p>
        <p className="text-sm">
          <span className="font-semibold">{t("character.clan")}: </span>
          {clan ? (
            <Link to={clanHref(clan.id)} className="text-link underline underline-offset-2">
              {clan.name} [{clan.tag}]
            </Link>
          ) : (
            t("character.noClan")
          )}
        </p>
        {reportI18n ? (
          <Island
            name="character-report"
            component={CharacterReport}
            props={{ i18n: reportI18n, characterId: character.id, label: t("character.report") }}
            when="used"
          />
        ) : null}
        <p className="text-xs text-fg-muted">
          {t("character.updated")} <ReaderTime at={character.updatedAt} language={language} style="medium" />
        </p>
      </header>

      <section aria-labelledby="character-history" className={`${card} mt-5`}>
        <h2 id="character-history" className="text-lg font-bold">
          {t("character.history")}
        </h2>
        <Island
          name="character-chart"
          component={CharacterHistoryChart}
          props={{ history, label: t("character.chart"), language }}
          when="visible"
        />
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-fg-muted">
              <tr>
                <th className="py-1 pr-2 font-semibold">{t("character.date")}</th>
                <th className="px-2 py-1 text-right font-semibold">{t("columns.level")}</th>
                <th className="px-2 py-1 text-right font-semibold">{t("columns.power")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {[...history].reverse().map((entry, index) => (
                <tr key={history.length - index}>
                  <td className="py-1 pr-2">
                    <ReaderTime at={entry.t} language={language} style="medium" />
                  </td>
                  <td className="px-2 py-1 text-right tabular-nums">{entry.level}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{format(entry.power)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
