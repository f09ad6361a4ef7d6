import { useMemo } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import type { Level } from "../../../universal/content/pack-schema.ts";
import { cumulativeXp, planLevels } from "../../shared/content/level-calc.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { numberFormat } from "../../shared/i18n/format.ts";
import { NumberField } from "../../shared/ui/number-field.tsx";
import { ContributionLevels } from "./contribution-levels.tsx";
import { Island } from "../../shared/islands/island.tsx";

const input = "h-11 w-full rounded-md border border-line bg-surface px-3 text-fg";

type LevelProps = { i18n: RouteMessages; language: string; levels: Level[] };

/**
 * The XP table and a calculator whose inputs live in the URL (`from`, `pct`, `to`, `rate`), then the
 * community level: how contribution points are earned and the points and title of each level.
 */
export function LevelPage({ i18n, language, levels }: LevelProps) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  const totals = useMemo(() => cumulativeXp(levels), [levels]);
  const number = numberFormat(language);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <div>
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.level.title")}</h1>
        <p className="mt-2 text-fg-muted">{common("pages.level.description")}</p>
      </div>
      <Island name="level-calculator" component={LevelCalculator} props={{ i18n, language, levels }} />
      <section aria-labelledby="level-table">
        <h2 id="level-table" className="mb-3 text-lg font-bold">
          {t("level.table.title")}
        </h2>
        {/* On a phone the table is wider than the screen: a keyboard user scrolls it once it has focus. */}
        <div
          role="region"
          aria-label={t("level.table.scrollRegion")}
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-line bg-surface"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{t("level.table.caption")}</caption>
            <thead className="bg-surface-muted text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("level.table.level")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("level.table.rank")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("level.table.xpToNext")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("level.table.cumulative")}
                </th>
                <th scope="col" className="min-w-48 px-3 py-2">
                  {t("level.table.unlocks")}
                </th>
              </tr>
            </thead>
            <tbody>
              {levels.map((row) => (
                <tr key={row.id} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 text-left tabular-nums">
                    {row.level}
                  </th>
                  <td className="px-3 py-2">{localize(row.name, language)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {row.xpToNext === null ? t("level.table.cap") : number.format(row.xpToNext)}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{number.format(totals.get(row.level) ?? 0)}</td>
                  <td className="px-3 py-2 text-fg-muted">{row.unlocks.map((unlock) => localize(unlock.text, language)).join(" · ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <ContributionLevels t={t} language={language} />
    </div>
  );
}

/** The level calculator, its inputs in the URL: an island of its own (decision 025). */
export function LevelCalculator({ i18n, language, levels }: LevelProps) {
  const { t } = useRouteMessages(i18n);
  const [params, update] = useUrlParams();
  const max = levels.at(-1)?.level ?? 1;
  const clamp = (value: number, low: number, high: number) =>
    Math.min(high, Math.max(low, Number.isFinite(value) ? Math.floor(value) : low));
  const from = clamp(Number(params.get("from") ?? 1), 1, max);
  const to = clamp(Number(params.get("to") ?? Math.min(max, from + 10)), 1, max);
  const percent = clamp(Number(params.get("pct") ?? 0), 0, 100);
  const rate = Math.max(0, Number(params.get("rate") ?? 0) || 0);
  const plan = planLevels(levels, from, percent, to, rate || undefined);
  const number = numberFormat(language);
  const set = (key: string, value: string) => update({ [key]: value });
  const field = (key: string, label: string, value: number, min: number, maxValue?: number, emptyValue?: number) => (
    <NumberField
      label={label}
      value={value}
      min={min}
      max={maxValue}
      emptyValue={emptyValue}
      onValue={(next) => set(key, String(next))}
      inputClassName={input}
    />
  );

  return (
    <section aria-labelledby="level-calculator" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h2 id="level-calculator" className="text-lg font-bold">
        {t("level.calculator.title")}
      </h2>
      <p className="text-sm text-fg-muted">{t("level.calculator.lead")}</p>
      <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        {field("from", t("level.calculator.from"), from, 1, max)}
        {field("pct", t("level.calculator.percent"), percent, 0, 100, 0)}
        {field("to", t("level.calculator.to"), to, 1, max)}
        {field("rate", t("level.calculator.rate"), rate, 0, undefined, 0)}
      </div>
      {to <= from ? (
        <p role="status" className="mt-4 rounded-md border border-accent bg-accent-soft px-3 py-2 text-sm">
          {t("level.calculator.nothing")}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3" aria-live="polite">
        <div className="rounded-lg border border-line p-3">
          <dt className="text-xs text-fg-muted">{t("level.calculator.xpNeeded")}</dt>
          <dd className="text-xl font-bold tabular-nums">{number.format(plan.xpNeeded)}</dd>
        </div>
        <div className="rounded-lg border border-line p-3">
          <dt className="text-xs text-fg-muted">{t("level.calculator.time")}</dt>
          <dd className="text-xl font-bold tabular-nums">
            {plan.hours === null ? (
              <span className="text-sm font-normal text-fg-muted">{t("level.calculator.noRate")}</span>
            ) : (
              t("level.calculator.hours", { hours: number.format(Math.floor(plan.hours)), minutes: Math.round((plan.hours % 1) * 60) })
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
