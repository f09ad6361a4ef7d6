import { Link } from "react-router";
import { rankingPeriods, type RankedMember, type RankingPeriod } from "../../../universal/contribution/contribution-levels.ts";
import { numberFormat } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.tsx";
import { Avatar } from "../ui/badges.tsx";
import { useHref } from "../ui/catalog-parts.tsx";

/**
 * The contribution ranking with its two periods as links (`?ranking=week|all`), so the choice is in
 * the URL and works before the page's scripts run. Shared by `/users` and `/rating`: its texts are the
 * `users` namespace's `ranking.*`, which a page showing it loads (`loadRouteMessages(request, "users")`),
 * and its data is `listContributionRanking` (server/contribution/).
 */
export function ContributionRanking({ period, ranking }: { period: RankingPeriod; ranking: RankedMember[] }) {
  const { t, i18n } = useTranslation("users");
  const { t: common } = useTranslation();
  const href = useHref();
  const number = numberFormat(i18n.language);
  const tab = (value: RankingPeriod) =>
    `inline-flex min-h-10 flex-1 items-center justify-center rounded-md px-3 text-sm font-semibold ${
      value === period ? "bg-brand text-on-brand" : "hover:bg-surface-muted"
    }`;

  return (
    <section aria-labelledby="contribution-ranking" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="contribution-ranking" className="text-lg font-bold">
        {t("ranking.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("ranking.lead")}</p>
      <nav aria-label={t("ranking.periodsLabel")} className="mt-3 flex gap-1 rounded-lg border border-line p-1">
        {rankingPeriods.map((value) => (
          <Link
            key={value}
            to={href({ ranking: value === "week" ? null : value })}
            className={tab(value)}
            aria-current={value === period ? "page" : undefined}
            preventScrollReset
          >
            {t(`ranking.periods.${value}`)}
          </Link>
        ))}
      </nav>
      {ranking.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-line p-3 text-sm text-fg-muted">{t(`ranking.empty.${period}`)}</p>
      ) : (
        <ol aria-label={t("ranking.list", { period: t(`ranking.periods.${period}`) })} className="mt-3 flex flex-col">
          {ranking.map((member) => (
            <li key={member.uid} className="border-t border-line first:border-t-0">
              <Link
                to={`/users?id=${encodeURIComponent(member.uid)}`}
                className="flex min-h-12 items-center gap-3 rounded-md px-1 py-2 hover:bg-surface-muted"
              >
                <span className="sr-only">{t("ranking.rank", { rank: member.rank })}</span>
                <span
                  aria-hidden="true"
                  className={`w-7 shrink-0 text-center font-bold tabular-nums ${member.rank <= 3 ? "text-accent" : "text-fg-muted"}`}
                >
                  {member.rank}
                </span>
                <Avatar name={member.displayName} image={member.photoURL} size={32} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold">{member.displayName}</span>
                  <span className="truncate text-xs text-fg-muted">
                    {common("badges.level", { level: member.level })} ·{" "}
                    {common(`badges.values.${member.title}`, { defaultValue: member.title })}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold whitespace-nowrap tabular-nums">
                  {t("ranking.points", { points: number.format(member.points) })}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-3 text-xs text-fg-muted">
        {period === "week" ? `${t("ranking.weekNote")} ` : null}
        <Link to="/level#contribution" className="text-link underline">
          {t("ranking.how")}
        </Link>
      </p>
    </section>
  );
}
