import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Link } from "react-router";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { SeasonCountdown, SeasonDates, SeasonStatusBadge, type SeasonStatus } from "./season-parts.tsx";

type Localized = { vi: string; en: string };

export interface SeasonSummary {
  id: string;
  number: number;
  name: Localized;
  description: Localized;
  icon: string;
  startsAt: number;
  endsAt: number;
  tiers: number;
  status: SeasonStatus;
}

export interface SeasonListProps {
  i18n: RouteMessages;
  language: string;
  serverNow: number;
  seasons: SeasonSummary[];
}

/** Every season: the running one stands out with a countdown to its end, the next with one to its start. */
export function SeasonListPage({ i18n, language, serverNow, seasons }: SeasonListProps) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <div>
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.season.title")}</h1>
        <p className="mt-2 text-fg-muted">{common("pages.season.description")}</p>
      </div>
      {seasons.length === 0 ? (
        <p className="text-fg-muted">{t("season.none")}</p>
      ) : (
        <ul aria-label={t("season.listLabel")} className="grid gap-4 md:grid-cols-2">
          {seasons.map((season) => {
            const name = localize(season.name, language);
            const current = season.status === "current";
            return (
              <li
                key={season.id}
                aria-current={current ? "true" : undefined}
                className={`flex flex-col gap-3 rounded-xl border bg-surface p-4 sm:p-5 ${
                  current ? "border-accent ring-2 ring-accent md:col-span-2" : "border-line"
                } ${season.status === "ended" ? "opacity-90" : ""}`}
              >
                <div className="flex items-start gap-3">
                  <GameIcon icon={season.icon} size={48} tone={current ? "accent" : "fg"} />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="text-sm text-fg-muted">{t("season.number", { number: season.number })}</span>
                      <SeasonStatusBadge status={season.status} t={t} />
                    </div>
                    <h2 className="mt-1 text-lg font-bold">
                      <Link to={`/season/detail?id=${season.id}`} className="text-link underline underline-offset-2">
                        {name}
                      </Link>
                    </h2>
                  </div>
                </div>
                <p className="text-sm">{localize(season.description, language)}</p>
                <SeasonCountdown status={season.status} startsAt={season.startsAt} endsAt={season.endsAt} serverNow={serverNow} t={t} />
                <SeasonDates startsAt={season.startsAt} endsAt={season.endsAt} language={language} t={t} />
                <p className="text-sm text-fg-muted">{t("season.tiers", { count: season.tiers })}</p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
