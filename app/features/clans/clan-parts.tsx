import { Link } from "react-router";
import { clanHref, type ClanSummary } from "../../../universal/clans/clan-limits.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { GameIcon } from "../../shared/ui/game-icon.tsx";

/** Recruiting or not, as a small label. */
export function RecruitingLabel({ recruiting, t }: { recruiting: boolean; t: TFunction }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${recruiting ? "bg-brand text-on-brand" : "border border-line text-fg-muted"}`}
    >
      {t(recruiting ? "summary.recruiting" : "summary.closed")}
    </span>
  );
}

/** The facts a clan is listed with: members, leader, language, power. */
export function ClanFacts({ clan, serverName, language, t }: { clan: ClanSummary; serverName: string; language: string; t: TFunction }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-fg-muted">
      <span>{serverName}</span>
      <span>{t("summary.members", { count: clan.memberCount })}</span>
      {clan.leader ? <span>{t("summary.leader", { name: clan.leader.displayName })}</span> : null}
      <span>{t(`summary.languages.${clan.language}`)}</span>
      <span>{clan.power === null ? t("summary.noPower") : t("summary.power", { power: numberFormat(language).format(clan.power) })}</span>
    </span>
  );
}

/** A clan in a list: its emblem, name and tag (a link to its page), and its facts. */
export function ClanCard({
  clan,
  serverName,
  language,
  t,
  note,
}: {
  clan: ClanSummary;
  serverName: string;
  language: string;
  t: TFunction;
  /** A line about the reader (their role there). */
  note?: string;
}) {
  return (
    <Link to={clanHref(clan.id)} className="flex h-full items-start gap-3 rounded-xl border border-line bg-surface p-4 hover:border-brand">
      <GameIcon icon={clan.emblem} size={44} />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">
            {clan.name} <span className="text-fg-muted">[{clan.tag}]</span>
          </span>
          <RecruitingLabel recruiting={clan.recruiting} t={t} />
        </span>
        <ClanFacts clan={clan} serverName={serverName} language={language} t={t} />
        {note ? <span className="text-sm font-semibold">{note}</span> : null}
      </span>
    </Link>
  );
}
