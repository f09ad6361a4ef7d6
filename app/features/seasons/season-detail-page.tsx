import { RecordView } from "../../shared/content/record-view.tsx";
import { Link } from "react-router";
import type { Season } from "../../../universal/content/pack-schema.ts";
import { entryHref } from "../../../universal/content/entry-links.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { EntryBreadcrumbs } from "../../shared/ui/catalog-parts.tsx";
import { SeasonCountdown, SeasonDates, SeasonStatusBadge, type SeasonStatus } from "./season-parts.tsx";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";
import { numberFormat } from "../../shared/i18n/format.ts";

type Named = { name: { vi: string; en: string }; icon?: string | undefined };

export interface SeasonDetailProps {
  i18n: RouteMessages;
  language: string;
  serverNow: number;
  season: Season;
  startsAt: number;
  endsAt: number;
  status: SeasonStatus;
  items: Record<string, Named>;
  additions: Record<string, Named>;
}

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";
const link = "text-link underline underline-offset-2";

/** Fallback icons for kinds whose entries have none of their own (districts, …). */
const kindIcon: Record<string, string> = {
  district: "game-icons:treasure-map",
  marker: "game-icons:position-marker",
  event: "game-icons:calendar",
  rule: "game-icons:scroll-unfurled",
};

/** A season: its story, dates and countdown, reward tiers (points → items) and what it added. */
export function SeasonDetailPage({ i18n, language, serverNow, season, startsAt, endsAt, status, items, additions }: SeasonDetailProps) {
  const { t } = useRouteMessages(i18n);
  const name = localize(season.name, language);
  const number = numberFormat(language);
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-5">
      <RecordView kind="seasons" id={season.id} />
      <EntryBreadcrumbs listKey="season" current={name} />
      <header className={`flex items-start gap-4 ${card} ${status === "current" ? "border-accent" : ""}`}>
        <GameIcon icon={season.icon} size={72} tone={status === "current" ? "accent" : "fg"} />
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-fg-muted">{t("season.number", { number: season.number })}</span>
            <SeasonStatusBadge status={status} t={t} />
          </div>
          <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
          <p>{localize(season.description, language)}</p>
          <SeasonCountdown status={status} startsAt={startsAt} endsAt={endsAt} serverNow={serverNow} t={t} />
          <div>
            <FavoriteStar kind="seasons" id={season.id} />
          </div>
        </div>
      </header>

      <section aria-labelledby="season-dates" className={card}>
        <h2 id="season-dates" className="mb-3 text-lg font-bold">
          {t("season.dates")}
        </h2>
        <SeasonDates startsAt={startsAt} endsAt={endsAt} language={language} t={t} />
      </section>

      <section aria-labelledby="season-rewards" className={card}>
        <h2 id="season-rewards" className="mb-3 text-lg font-bold">
          {t("season.rewards.title")}
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("season.rewards.caption")}</caption>
            <thead className="text-left text-fg-muted">
              <tr>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {t("season.rewards.tier")}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">
                  {t("season.rewards.points")}
                </th>
                <th scope="col" className="py-1 pl-2 font-semibold">
                  {t("season.rewards.rewards")}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...season.rewardTiers]
                .sort((a, b) => a.points - b.points)
                .map((tier) => (
                  <tr key={tier.id} className="border-t border-line align-top">
                    <th scope="row" className="py-2 pr-2 text-left font-semibold">
                      {localize(tier.name, language)}
                    </th>
                    <td className="px-2 py-2 text-right tabular-nums">{number.format(tier.points)}</td>
                    <td className="py-2 pl-2">
                      <ul className="flex flex-col gap-1">
                        {tier.rewards.map((reward) => (
                          <li key={reward.item} className="flex items-center gap-2">
                            <GameIcon icon={items[reward.item]?.icon ?? "game-icons:swap-bag"} size={24} />
                            <span>
                              <span className="tabular-nums">{number.format(reward.quantity)}</span> ×{" "}
                              <Link to={entryHref(`item:${reward.item}`) ?? "#"} className={link}>
                                {localize(items[reward.item]?.name, language) || reward.item}
                              </Link>
                            </span>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="season-additions" className={card}>
        <h2 id="season-additions" className="mb-3 text-lg font-bold">
          {t("season.additions.title")}
        </h2>
        {season.additions.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("season.additions.none")}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {season.additions.map((ref) => {
              const kind = ref.split(":")[0] ?? "";
              const href = entryHref(ref);
              const label = localize(additions[ref]?.name, language) || ref.slice(kind.length + 1);
              return (
                <li key={ref} className="flex items-center gap-3 rounded-lg border border-line p-2">
                  <GameIcon icon={additions[ref]?.icon ?? kindIcon[kind] ?? "game-icons:sparkles"} size={32} />
                  <span className="flex min-w-0 flex-col">
                    <span className="text-xs text-fg-muted">{t(`season.additions.kinds.${kind}`)}</span>
                    {href ? (
                      <Link to={href} className={link}>
                        {label}
                      </Link>
                    ) : (
                      <span>{label}</span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <p>
        <Link to="/season" className={link}>
          {t("season.allSeasons")}
        </Link>
      </p>
    </article>
  );
}
