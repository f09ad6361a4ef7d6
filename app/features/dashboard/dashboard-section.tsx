/**
 * The admin dashboard in /admin (admins): members active today and this week, and a chart per figure
 * over the last 30 or 90 game days (`?days=90`, links, no script). The page is server HTML; each chart
 * is an island that hydrates near the viewport and loads uPlot then, so the chart code is fetched on
 * this page alone. Every figure is also in the table below the charts.
 */
import type { Dashboard, DashboardDay, DashboardRange } from "../../../universal/dashboard/dashboard-limits.ts";
import { DASHBOARD_RANGES } from "../../../universal/dashboard/dashboard-limits.ts";
import { gameDateStart } from "../../../universal/game-time.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { SERIES_COLORS } from "../../shared/ui/chart-theme.ts";
import { DashboardChart } from "./dashboard-chart.tsx";

type Figure = (day: DashboardDay) => number;
/** Each chart's series: the message of its label and how a day gives its value. */
const CHARTS: { id: string; series: [string, Figure][] }[] = [
  { id: "activeMembers", series: [["activeMembers", (day) => day.activeMembers]] },
  { id: "signUps", series: [["signUps", (day) => day.signUps]] },
  {
    id: "signIns",
    series: [
      ["vi", (day) => day.signIns.vi],
      ["en-US", (day) => day.signIns["en-US"]],
    ],
  },
  { id: "posts", series: [["posts", (day) => day.posts]] },
  { id: "chatMessages", series: [["chatMessages", (day) => day.chatMessages]] },
  {
    id: "offers",
    series: [
      ["offersOpened", (day) => day.offersOpened],
      ["offersCompleted", (day) => day.offersCompleted],
    ],
  },
  { id: "reports", series: [["reports", (day) => day.reports]] },
];
const COLORS = [SERIES_COLORS.brand, SERIES_COLORS.second];

export interface DashboardSectionProps {
  i18n: RouteMessages;
  dashboard: Dashboard;
  range: DashboardRange;
}

export function DashboardSection({ i18n, dashboard, range }: DashboardSectionProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const number = numberFormat(language);
  const dates = dashboard.days.map((day) => day.date);
  const today = dashboard.days.at(-1);
  const shortDate = (date: string) => formatDate(gameDateStart(date), language, { date: "short" });
  const summary: [string, number][] = [
    ["activeToday", dashboard.activeToday],
    ["activeThisWeek", dashboard.activeThisWeek],
    ["signUpsToday", today?.signUps ?? 0],
    ["postsToday", today?.posts ?? 0],
  ];
  return (
    <section aria-labelledby="dashboard" className="mt-8">
      <h2 id="dashboard" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        {t("lead")}{" "}
        {dashboard.updatedAt === null ? t("notYet") : t("updated", { time: formatDate(dashboard.updatedAt, language, { time: "short" }) })}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("summaryLabel")}>
        {summary.map(([key, value]) => (
          <div key={key} className="rounded-lg border border-line bg-surface p-3">
            <dt className="text-sm text-fg-muted">{t(`summary.${key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`dashboard-${key}`}>
              {number.format(value)}
            </dd>
          </div>
        ))}
      </dl>
      <nav className="mt-4 flex items-center gap-2" aria-label={t("range")}>
        {DASHBOARD_RANGES.map((days) => (
          <a
            key={days}
            href={`?section=dashboard&days=${days}#dashboard`}
            aria-current={days === range ? "page" : undefined}
            className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold ${days === range ? "border-brand bg-brand text-on-brand" : "border-line text-link"}`}
          >
            {t("days", { count: days })}
          </a>
        ))}
      </nav>
      <ul className="mt-4 grid gap-3 lg:grid-cols-2">
        {CHARTS.map((chart) => {
          const series = chart.series.map(([key, figure], index) => ({
            label: t(`series.${key}`),
            color: COLORS[index] ?? SERIES_COLORS.brand,
            values: dashboard.days.map(figure),
          }));
          const total = series.reduce((sum, each) => sum + each.values.reduce((a, b) => a + b, 0), 0);
          return (
            <li key={chart.id} className="rounded-lg border border-line bg-surface p-3" data-testid={`dashboard-chart-${chart.id}`}>
              <h3 className="font-semibold">{t(`charts.${chart.id}`)}</h3>
              <p className="text-sm text-fg-muted">
                {chart.id === "activeMembers"
                  ? t("peak", { count: Math.max(0, ...(series[0]?.values ?? [])) })
                  : t("total", { count: total, days: range })}
                {series.length > 1
                  ? series.map((each) => (
                      <span key={each.label} className="ms-3 inline-flex items-center gap-1">
                        <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: each.color }} />
                        {each.label}
                      </span>
                    ))
                  : null}
              </p>
              <div role="img" aria-label={t(`charts.${chart.id}`)}>
                <Island name="dashboard-chart" component={DashboardChart} props={{ dates, series, language }} when="visible" />
              </div>
            </li>
          );
        })}
      </ul>
      <details className="mt-4 rounded-lg border border-line bg-surface p-3">
        <summary className="min-h-6 cursor-pointer font-semibold">{t("table")}</summary>
        {/* A wide table scrolls on a phone: the box takes the focus, so a keyboard scrolls it too. */}
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={t("table")}>
          <table className="w-full text-sm tabular-nums">
            <thead className="text-left text-fg-muted">
              <tr>
                <th className="py-1 pr-2 font-semibold">{t("date")}</th>
                {CHARTS.flatMap((chart) =>
                  chart.series.map(([key]) => (
                    <th key={key} className="px-2 py-1 text-right font-semibold">
                      {chart.series.length > 1 ? `${t(`charts.${chart.id}`)}: ${t(`series.${key}`)}` : t(`series.${key}`)}
                    </th>
                  )),
                )}
              </tr>
            </thead>
            <tbody>
              {[...dashboard.days].reverse().map((day) => (
                <tr key={day.date} className="border-t border-line">
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {shortDate(day.date)}
                  </th>
                  {CHARTS.flatMap((chart) =>
                    chart.series.map(([key, figure]) => (
                      <td key={key} className="px-2 py-1 text-right">
                        {number.format(figure(day))}
                      </td>
                    )),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
