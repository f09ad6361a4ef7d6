/**
 * The ledger's tax per game-time week or month (`?by=week`, kept in the URL) of `/me/tax`: a table and a
 * chart (uPlot, loaded with this island). An island that hydrates once it comes near the viewport, so
 * uPlot loads only for a member who scrolls to it; the table is the server's HTML until then. A change
 * to the ledger gives it the server's new periods (`followPeriods`).
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { GAME_OFFSET_MS } from "../../../universal/game-time.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import { followPeriods, type LedgerPeriods } from "./tax-results.ts";

const TaxChart = lazy(() => import("./tax-chart.tsx").then((module) => ({ default: module.TaxChart })));

/** The namespace's part the periods show. */
export const TAX_PERIODS_MESSAGES = ["ledger"] as const;

export interface TaxPeriodsProps extends LedgerPeriods {
  /** The tax namespace's `TAX_PERIODS_MESSAGES`. */
  i18n: RouteMessages;
}

export function TaxPeriods({ i18n, weeks: loadedWeeks, months: loadedMonths }: TaxPeriodsProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const number = numberFormat(language);
  const [params, update] = useUrlParams();
  const [{ weeks, months }, setPeriods] = useState<LedgerPeriods>({ weeks: loadedWeeks, months: loadedMonths });
  // In an islands document the server's new periods come through `followPeriods`; in a page React
  // Router renders (the development server), as new props once its loader has run again.
  useEffect(() => followPeriods(setPeriods), []);
  const [given, setGiven] = useState<LedgerPeriods>({ weeks: loadedWeeks, months: loadedMonths });
  if (given.weeks !== loadedWeeks || given.months !== loadedMonths) {
    setGiven({ weeks: loadedWeeks, months: loadedMonths });
    setPeriods({ weeks: loadedWeeks, months: loadedMonths });
  }
  const by = params.get("by") === "week" ? "week" : "month";
  const periods = by === "week" ? weeks : months;
  const periodName = (period: string) =>
    by === "week"
      ? t("ledger.week", { date: formatDate(Date.parse(`${period}T00:00:00Z`) - GAME_OFFSET_MS, language, { date: "short" }) })
      : period;

  // Always there (hidden while the ledger is empty): the element the page watches for the viewport.
  return (
    <section aria-labelledby="tax-periods-title" className="rounded-xl border border-line bg-surface p-4" hidden={months.length === 0}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="tax-periods-title" className="font-bold">
          {t("ledger.periods")}
        </h3>
        <div className="flex gap-2" role="group" aria-label={t("ledger.periods")}>
          {(["week", "month"] as const).map((each) => (
            <button
              key={each}
              type="button"
              aria-pressed={by === each}
              onClick={() => update({ by: each === "month" ? null : each })}
              className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold ${by === each ? "border-brand bg-brand text-on-brand" : "border-line"}`}
            >
              {t(each === "week" ? "ledger.byWeek" : "ledger.byMonth")}
            </button>
          ))}
        </div>
      </div>
      <div className="mt-3 h-56" role="img" aria-label={t("ledger.chart")}>
        {periods.length > 0 ? (
          <Suspense fallback={null}>
            <TaxChart periods={periods} labels={{ tax: t("ledger.tax"), net: t("ledger.net") }} language={language} />
          </Suspense>
        ) : null}
      </div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-fg-muted">
            <tr>
              <th className="py-1 pr-2 font-semibold">{t("ledger.period")}</th>
              <th className="px-2 py-1 text-right font-semibold">{t("ledger.sales")}</th>
              <th className="px-2 py-1 text-right font-semibold">{t("ledger.tax")}</th>
              <th className="px-2 py-1 text-right font-semibold">{t("ledger.net")}</th>
              <th className="px-2 py-1 text-right font-semibold">{t("ledger.purchases")}</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period.period} className="border-t border-line">
                <td className="py-2 pr-2">{periodName(period.period)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{number.format(period.sales)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{number.format(period.tax)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{number.format(period.net)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{number.format(period.purchases)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
