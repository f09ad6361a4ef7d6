/**
 * `/me/tax`: the sales tax calculator (price, quantity and the place chosen by name, kept in the URL,
 * computed in the browser in whole gold) and the member's ledger: completed offers copied in, lines
 * added by hand, totals, tax per game-time week or month, a chart and a CSV export. Served as islands:
 * the totals and the lines are server HTML (a sale's place list holds its own place only); the
 * calculator and the add form are islands the member wakes by using them, the periods (table and
 * chart, with uPlot) one that hydrates near the viewport, and the lines' place and removal a plain
 * island; a change shows the server's new totals, periods and lines in place (`tax-results.ts`).
 */
import {
  TAX_LEDGER_FIRST_ROWS,
  TAX_LEDGER_MORE_ID,
  type LedgerEntry,
  type LedgerPeriod,
  type LedgerTotals,
  type TaxPlace,
} from "../../../universal/tax/tax-limits.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { useServedAsIslands } from "../../shared/islands/islands-mode.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { ShowAllLink } from "../../shared/ui/show-all-link.tsx";
import { TAX_ADD_MESSAGES, TaxAdd } from "./tax-add.tsx";
import { TAX_CALCULATOR_MESSAGES, TAX_PLACE_LIST_ID, TaxCalculator } from "./tax-calculator.tsx";
import { LINE_DELETE_ATTRIBUTE, LINE_PLACE_ATTRIBUTE, LINE_SLIM_ATTRIBUTE, TAX_LEDGER_MESSAGES } from "./tax-ledger-actions.ts";
import { TaxLedgerStatus } from "./tax-ledger-status.tsx";
import { TAX_PERIODS_MESSAGES, TaxPeriods } from "./tax-periods.tsx";
import { PlaceOptions, placeLabel, secondary } from "./tax-places.tsx";
import { TAX_PERIODS_ISLAND, TAX_RESULT_PARTS } from "./tax-results.ts";

const [TOTALS_PART, ENTRIES_PART] = TAX_RESULT_PARTS;

export interface TaxPageProps {
  i18n: RouteMessages;
  places: TaxPlace[];
  /** The lines shown: the newest ones, or every listed one when asked. */
  entries: LedgerEntry[];
  /** How many lines are listed in all (the newest `TAX_LEDGER_MAX`). */
  listed: number;
  /** The address with every listed line, when only the first ones are shown. */
  allHref: string | null;
  totals: LedgerTotals;
  weeks: LedgerPeriod[];
  months: LedgerPeriod[];
}

export function TaxPage({ i18n, places, entries, listed, allHref, totals, weeks, months }: TaxPageProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const number = numberFormat(language);
  const gold = (value: number) => t("calculator.gold", { value: number.format(value) });
  const placeNames = new Map(places.map((place) => [place.id, placeLabel(place, t, language)]));
  // The lines' place lists are slim where the line actions are a plain island (an islands document).
  const slim = useServedAsIslands();
  const entryName = (entry: LedgerEntry) => (entry.itemName ? localize(entry.itemName, language) : (entry.label ?? ""));

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.meTax.title")}</h1>
        <p className="mt-1 text-fg-muted">{t("common:pages.meTax.description")}</p>
      </div>

      <Island
        name="tax-calculator"
        component={TaxCalculator}
        props={{ i18n: pickMessages(i18n, TAX_CALCULATOR_MESSAGES), places }}
        when="used"
      />

      <section aria-labelledby="tax-ledger-title" className="flex flex-col gap-3">
        <div>
          <h2 id="tax-ledger-title" className="text-xl font-bold">
            {t("ledger.title")}
          </h2>
          <p className="text-sm text-fg-muted">{t("ledger.lead")}</p>
        </div>
        <Island name="tax-add" component={TaxAdd} props={{ i18n: pickMessages(i18n, TAX_ADD_MESSAGES), places }} when="used" />
        <Island
          name="tax-ledger"
          component={TaxLedgerStatus}
          props={{ i18n: pickMessages(i18n, TAX_LEDGER_MESSAGES), places: TAX_PLACE_LIST_ID }}
        />

        <section
          id={TOTALS_PART}
          aria-label={t("ledger.totals")}
          className="grid grid-cols-2 gap-3 sm:grid-cols-5"
          data-testid="ledger-totals"
        >
          {(["sales", "tax", "net", "purchases"] as const).map((key) => (
            <div key={key} className="rounded-lg border border-line bg-surface p-3">
              <p className="text-xs text-fg-muted">{t(`ledger.${key}`)}</p>
              <p className="text-lg font-bold tabular-nums" data-total={key}>
                {gold(totals[key])}
              </p>
            </div>
          ))}
          <div className="rounded-lg border border-line bg-surface p-3">
            <p className="text-xs text-fg-muted">{t("ledger.count")}</p>
            <p className="text-lg font-bold tabular-nums">{number.format(totals.count)}</p>
          </div>
        </section>

        <Island
          name={TAX_PERIODS_ISLAND}
          component={TaxPeriods}
          props={{ i18n: pickMessages(i18n, TAX_PERIODS_MESSAGES), weeks, months }}
          when="visible"
        />

        <div id={ENTRIES_PART} className="flex flex-col gap-3">
          {entries.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line p-6 text-center text-fg-muted">{t("ledger.empty")}</p>
          ) : (
            <ul aria-label={t("ledger.entries")} className="flex flex-col gap-2">
              {entries.map((entry, index) => {
                const name = entryName(entry);
                return (
                  <li
                    key={entry.id}
                    id={index === TAX_LEDGER_FIRST_ROWS ? TAX_LEDGER_MORE_ID : undefined}
                    className="grid gap-2 rounded-xl border border-line bg-surface p-3 sm:grid-cols-[1fr_auto]"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold break-words">
                        <span
                          className={`mr-2 rounded px-1.5 py-0.5 text-xs ${entry.side === "sell" ? "bg-accent-soft" : "bg-surface-muted"}`}
                        >
                          {t(`ledger.${entry.side}`)}
                        </span>
                        {name}
                      </p>
                      <p className="text-sm text-fg-muted">
                        {t("ledger.line", { quantity: number.format(entry.quantity), price: number.format(entry.unitPrice) })} ·{" "}
                        {formatDate(entry.occurredAt, language, { date: "short", time: "short" })}
                        {entry.offerId !== null ? ` · ${t("ledger.fromOffer", { id: entry.offerId })}` : ""}
                      </p>
                      <p className="text-sm tabular-nums">
                        {entry.side === "sell"
                          ? `${t("ledger.tax")}: ${number.format(entry.tax)} · ${t("ledger.net")}: ${number.format(entry.net)}`
                          : `${t("ledger.purchases")}: ${number.format(entry.net)}`}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      {entry.side === "sell" ? (
                        // In an islands document its own place only: the pack's places join it as the
                        // member reaches for it. React keeps the options it renders (the development server).
                        <select
                          className={`${field} h-10 max-w-64`}
                          aria-label={t("ledger.place", { name })}
                          defaultValue={entry.rateId ?? ""}
                          {...{ [LINE_PLACE_ATTRIBUTE]: entry.id, ...(slim ? { [LINE_SLIM_ATTRIBUTE]: "" } : {}) }}
                        >
                          <option value="">{t("calculator.noPlace")}</option>
                          {!slim ? (
                            <PlaceOptions places={places} t={t} language={language} />
                          ) : entry.rateId ? (
                            <option value={entry.rateId}>{placeNames.get(entry.rateId) ?? entry.rateId}</option>
                          ) : null}
                        </select>
                      ) : null}
                      {entry.offerId === null ? (
                        <button
                          type="button"
                          className={secondary}
                          aria-label={t("ledger.delete", { name })}
                          {...{ [LINE_DELETE_ATTRIBUTE]: entry.id }}
                        >
                          ✕
                        </button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {totals.count > entries.length ? (
            <p className="text-sm text-fg-muted" data-testid="ledger-partial">
              {t("ledger.partial", { shown: number.format(entries.length), total: number.format(totals.count) })}
            </p>
          ) : null}
          {allHref ? <ShowAllLink href={allHref}>{t("ledger.showAll", { total: number.format(listed) })}</ShowAllLink> : null}
        </div>
      </section>
    </div>
  );
}
