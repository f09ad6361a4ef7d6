import type { TFunction } from "../../shared/i18n/translator.ts";
import { Link } from "react-router";
import {
  contributionLevelTable,
  contributionReasons,
  LIKE_POINTS_PER_DAY,
  MAX_CONTRIBUTION_LEVEL,
  pointsForLevel,
  POINTS_BY_REASON,
  titleBands,
} from "../../../universal/contribution/contribution-levels.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";

const levelTable = contributionLevelTable();

/**
 * The community level beside the game's: how contribution points are earned, the title of each
 * level band and the points each level takes (universal/contribution/contribution-levels.ts).
 */
export function ContributionLevels({ t, language }: { t: TFunction; language: string }) {
  const { t: common } = useTranslation();
  const number = numberFormat(language);
  const titleName = (title: string) => common(`badges.values.${title}`, { defaultValue: title });
  const cell = "px-3 py-2";

  return (
    <section
      id="contribution"
      aria-labelledby="contribution-title"
      className="scroll-mt-20 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h2 id="contribution-title" className="text-lg font-bold">
        {t("level.contribution.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("level.contribution.lead")}</p>
      <div className="mt-4 grid gap-5 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t("level.contribution.earn.title")}</h3>
          <ul className="mt-2 flex flex-col divide-y divide-line rounded-lg border border-line">
            {contributionReasons.map((reason) => (
              <li key={reason} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>{t(`level.contribution.earn.reasons.${reason}`)}</span>
                <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">
                  {t("level.contribution.earn.points", { points: number.format(POINTS_BY_REASON[reason]) })}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-fg-muted">{t("level.contribution.earn.rules", { points: number.format(LIKE_POINTS_PER_DAY) })}</p>
        </div>
        <div>
          <h3 className="font-semibold">{t("level.contribution.bands.title")}</h3>
          <table className="mt-2 w-full rounded-lg border border-line text-sm">
            <caption className="sr-only">{t("level.contribution.bands.title")}</caption>
            <thead className="bg-surface-muted text-left">
              <tr>
                <th scope="col" className={cell}>
                  {t("level.contribution.bands.name")}
                </th>
                <th scope="col" className={cell}>
                  {t("level.contribution.bands.levels")}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t("level.contribution.bands.from")}
                </th>
              </tr>
            </thead>
            <tbody>
              {titleBands.map((band, index) => {
                const next = titleBands[index + 1];
                return (
                  <tr key={band.title} className="border-t border-line">
                    <th scope="row" className={`${cell} text-left font-semibold`}>
                      {titleName(band.title)}
                    </th>
                    <td className={`${cell} tabular-nums`}>
                      {next
                        ? t("level.contribution.bands.range", { from: band.fromLevel, to: next.fromLevel - 1 })
                        : t("level.contribution.bands.open", { from: band.fromLevel })}
                    </td>
                    <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                      {t("level.contribution.bands.fromPoints", { points: number.format(pointsForLevel(band.fromLevel)) })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="mt-2 text-sm text-fg-muted">{t("level.contribution.bands.note")}</p>
        </div>
      </div>
      <details className="mt-4">
        <summary className="min-h-11 cursor-pointer py-2.5 font-semibold">{t("level.contribution.curve.title")}</summary>
        <p className="text-sm text-fg-muted">{t("level.contribution.curve.formula", { max: MAX_CONTRIBUTION_LEVEL })}</p>
        <div
          role="region"
          aria-label={t("level.contribution.curve.scrollRegion")}
          tabIndex={0}
          className="mt-2 max-h-96 overflow-auto rounded-lg border border-line"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{t("level.contribution.curve.title")}</caption>
            <thead className="sticky top-0 bg-surface-muted text-left">
              <tr>
                <th scope="col" className={cell}>
                  {t("level.contribution.curve.level")}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {t("level.contribution.curve.points")}
                </th>
                <th scope="col" className={cell}>
                  {t("level.contribution.curve.name")}
                </th>
              </tr>
            </thead>
            <tbody>
              {levelTable.map((row) => (
                <tr key={row.level} className="border-t border-line">
                  <th scope="row" className={`${cell} text-left tabular-nums`}>
                    {row.level}
                  </th>
                  <td className={`${cell} text-right tabular-nums`}>{number.format(row.points)}</td>
                  <td className={cell}>{titleName(row.title)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <Link to="/users" className="mt-3 inline-flex min-h-11 items-center text-link underline">
        {t("level.contribution.ranking")}
      </Link>
    </section>
  );
}
