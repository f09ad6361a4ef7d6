/**
 * `/me/tax`: the sales tax calculator (price, quantity and the place chosen by name, kept in the URL,
 * computed in the browser in whole gold) and the member's ledger: completed offers copied in, lines
 * added by hand, totals, tax per game-time week or month, a chart (uPlot, loaded when there is
 * something to draw) and a CSV export.
 */
import { lazy, Suspense, useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import {
  basisPoints,
  computeTax,
  GAME_OFFSET_MS,
  TAX_LABEL_MAX,
  TAX_PRICE_MAX,
  TAX_QUANTITY_MAX,
  type LedgerEntry,
  type LedgerPeriod,
  type LedgerTotals,
  type TaxPlace,
} from "../../../universal/tax/tax-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { newClientId } from "../../shared/new-client-id.ts";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { NumberField } from "../../shared/ui/number-field.tsx";
import { taxError } from "./tax-errors.ts";

const TaxChart = lazy(() => import("./tax-chart.tsx").then((module) => ({ default: module.TaxChart })));

const buttonClass = "inline-flex min-h-10 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-60";
const secondary = `${buttonClass} border border-line bg-surface hover:bg-surface-muted`;

export interface TaxPageProps {
  i18n: RouteMessages;
  places: TaxPlace[];
  entries: LedgerEntry[];
  totals: LedgerTotals;
  weeks: LedgerPeriod[];
  months: LedgerPeriod[];
}

function whole(value: string | null, max: number, fallback: number): number {
  const number = Math.floor(Number(value));
  return Number.isFinite(number) && number >= 0 ? Math.min(number, max) : fallback;
}

function PlaceOptions({ places, t, language }: { places: TaxPlace[]; t: TFunction; language: string }) {
  return (
    <>
      {(["district", "manor"] as const).map((scope) => (
        <optgroup key={scope} label={t(scope === "district" ? "calculator.districts" : "calculator.manors")}>
          {places
            .filter((place) => place.scope === scope)
            .map((place) => (
              <option key={place.id} value={place.id}>
                {t("calculator.placeOption", {
                  name: localize(place.name, language),
                  percent: numberFormat(language, 2).format(place.percent),
                })}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

export function TaxPage({ i18n, places, entries, totals, weeks, months }: TaxPageProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const number = numberFormat(language);
  const gold = (value: number) => t("calculator.gold", { value: number.format(value) });
  const ids = useId();
  const revalidator = useRevalidator();
  const [params, update] = useUrlParams();
  const price = whole(params.get("price"), TAX_PRICE_MAX, 0);
  const quantity = Math.max(1, whole(params.get("qty"), TAX_QUANTITY_MAX, 1));
  const placeId = params.get("place") ?? "";
  const place = places.find((each) => each.id === placeId) ?? null;
  const result = computeTax(price, quantity, place ? basisPoints(place.percent) : 0);
  const by = params.get("by") === "week" ? "week" : "month";
  const periods = by === "week" ? weeks : months;
  const [message, setMessage] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const done = (notice: string) => {
    setMessage(notice);
    void revalidator.revalidate();
  };

  async function setPlace(entry: LedgerEntry, rateId: string) {
    const answer = await apiJson(`/api/tax/ledger/${entry.id}`, { method: "PATCH", body: { rateId: rateId || null } });
    if (!answer.ok) return setMessage(taxError(t, answer));
    done(t("ledger.placeSaved"));
  }

  async function remove(entry: LedgerEntry) {
    const answer = await apiJson(`/api/tax/ledger/${entry.id}`, { method: "DELETE" });
    if (!answer.ok) return setMessage(taxError(t, answer));
    done(t("ledger.deleted"));
  }

  const entryName = (entry: LedgerEntry) => (entry.itemName ? localize(entry.itemName, language) : (entry.label ?? ""));
  const periodName = (period: string) =>
    by === "week"
      ? t("ledger.week", { date: formatDate(Date.parse(`${period}T00:00:00Z`) - GAME_OFFSET_MS, language, { date: "short" }) })
      : period;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.meTax.title")}</h1>
        <p className="mt-1 text-fg-muted">{t("common:pages.meTax.description")}</p>
      </div>

      <section aria-labelledby={`${ids}-calc`} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id={`${ids}-calc`} className="text-xl font-bold">
          {t("calculator.title")}
        </h2>
        <p className="text-sm text-fg-muted">{t("calculator.lead")}</p>
        <div className="grid gap-3 sm:grid-cols-3">
          <NumberField
            label={t("calculator.price")}
            value={price}
            min={0}
            max={TAX_PRICE_MAX}
            onValue={(value) => update({ price: String(value) })}
          />
          <NumberField
            label={t("calculator.quantity")}
            value={quantity}
            min={1}
            max={TAX_QUANTITY_MAX}
            onValue={(value) => update({ qty: String(value) })}
          />
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("calculator.place")}
            <select className={`${field} h-11`} value={place?.id ?? ""} onChange={(event) => update({ place: event.target.value || null })}>
              <option value="">{t("calculator.noPlace")}</option>
              <PlaceOptions places={places} t={t} language={language} />
            </select>
          </label>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-live="polite" data-testid="tax-result">
          {(
            [
              ["gross", result.gross],
              ["tax", result.tax],
              ["net", result.net],
              ["netPerUnit", result.netPerUnit],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-lg border border-line p-3">
              <dt className="text-xs text-fg-muted">{t(`calculator.${key}`)}</dt>
              <dd className="text-lg font-bold tabular-nums">{gold(value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby={`${ids}-ledger`} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id={`${ids}-ledger`} className="text-xl font-bold">
              {t("ledger.title")}
            </h2>
            <p className="text-sm text-fg-muted">{t("ledger.lead")}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={`${buttonClass} bg-brand text-on-brand`} onClick={() => setAdding(!adding)}>
              + {t("add.open")}
            </button>
            <a href="/api/tax/ledger/export" download="tax-ledger.csv" className={secondary}>
              {t("ledger.export")}
            </a>
          </div>
        </div>
        {adding ? <AddLedgerEntry places={places} onAdded={done} onClose={() => setAdding(false)} /> : null}
        <p role="status" aria-live="polite" className={message ? "rounded-md bg-surface-muted px-3 py-2 text-sm" : "sr-only"}>
          {message ?? ""}
        </p>

        <section aria-label={t("ledger.totals")} className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="ledger-totals">
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

        {entries.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line p-6 text-center text-fg-muted">{t("ledger.empty")}</p>
        ) : (
          <>
            <section aria-labelledby={`${ids}-periods`} className="rounded-xl border border-line bg-surface p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={`${ids}-periods`} className="font-bold">
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
                <Suspense fallback={null}>
                  <TaxChart periods={periods} labels={{ tax: t("ledger.tax"), net: t("ledger.net") }} language={language} />
                </Suspense>
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

            <ul aria-label={t("ledger.entries")} className="flex flex-col gap-2">
              {entries.map((entry) => {
                const name = entryName(entry);
                return (
                  <li key={entry.id} className="grid gap-2 rounded-xl border border-line bg-surface p-3 sm:grid-cols-[1fr_auto]">
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
                        <select
                          className={`${field} h-10 max-w-64`}
                          aria-label={t("ledger.place", { name })}
                          value={entry.rateId ?? ""}
                          onChange={(event) => void setPlace(entry, event.target.value)}
                        >
                          <option value="">{t("calculator.noPlace")}</option>
                          <PlaceOptions places={places} t={t} language={language} />
                        </select>
                      ) : null}
                      {entry.offerId === null ? (
                        <button
                          type="button"
                          className={secondary}
                          aria-label={t("ledger.delete", { name })}
                          onClick={() => void remove(entry)}
                        >
                          ✕
                        </button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
            {totals.count > entries.length ? (
              <p className="text-sm text-fg-muted" data-testid="ledger-partial">
                {t("ledger.partial", { shown: number.format(entries.length), total: number.format(totals.count) })}
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

/** A line added by hand: sell or buy, a description, quantity, price, place and day (game time). */
function AddLedgerEntry({ places, onAdded, onClose }: { places: TaxPlace[]; onAdded(message: string): void; onClose(): void }) {
  const { t, i18n } = useTranslation("tax");
  const language = i18n.language;
  const [side, setSide] = useState<"sell" | "buy">("sell");
  const [label, setLabel] = useState("");
  const [quantity, setQuantity] = useState(1);
  const [unitPrice, setUnitPrice] = useState(0);
  const [rateId, setRateId] = useState("");
  const [day, setDay] = useState(() => new Date(Date.now() + GAME_OFFSET_MS).toISOString().slice(0, 10));
  const [error, setError] = useState<string | null>(null);
  const [clientId, setClientId] = useState(() => newClientId("tax"));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Noon of the chosen game-time day.
    const occurredAt = Date.parse(`${day}T12:00:00Z`) - GAME_OFFSET_MS;
    const answer = await apiJson("/api/tax/ledger", {
      body: {
        side,
        label: label.trim(),
        quantity,
        unitPrice,
        rateId: side === "sell" && rateId ? rateId : null,
        ...(Number.isFinite(occurredAt) ? { occurredAt } : {}),
        clientId,
      },
    });
    if (!answer.ok) return setError(taxError(t, answer));
    setClientId(newClientId("tax"));
    setLabel("");
    setError(null);
    onAdded(t("add.added"));
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2"
      noValidate
    >
      <h3 className="text-lg font-bold sm:col-span-2">{t("add.title")}</h3>
      <fieldset className="flex flex-col gap-1 sm:col-span-2">
        <legend className="text-sm font-semibold">{t("add.side")}</legend>
        <div className="flex gap-4">
          {(["sell", "buy"] as const).map((each) => (
            <label key={each} className="flex min-h-8 items-center gap-2 text-sm">
              <input type="radio" name="tax-side" className="size-5" checked={side === each} onChange={() => setSide(each)} />
              {t(`ledger.${each}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-semibold sm:col-span-2">
        {t("add.label")}
        <input
          className={`${field} h-11`}
          value={label}
          maxLength={TAX_LABEL_MAX}
          placeholder={t("add.labelPlaceholder")}
          onChange={(event) => setLabel(event.target.value)}
        />
      </label>
      <NumberField label={t("calculator.quantity")} value={quantity} min={1} max={TAX_QUANTITY_MAX} onValue={setQuantity} />
      <NumberField label={t("calculator.price")} value={unitPrice} min={0} max={TAX_PRICE_MAX} onValue={setUnitPrice} />
      {side === "sell" ? (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("calculator.place")}
          <select className={`${field} h-11`} value={rateId} onChange={(event) => setRateId(event.target.value)}>
            <option value="">{t("calculator.noPlace")}</option>
            <PlaceOptions places={places} t={t} language={language} />
          </select>
        </label>
      ) : null}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("add.date")}
        <input type="date" className={`${field} h-11`} value={day} onChange={(event) => setDay(event.target.value)} />
      </label>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-accent sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className={`${buttonClass} bg-brand text-on-brand`}>
          {t("add.submit")}
        </button>
        <button type="button" className={secondary} onClick={onClose}>
          {t("add.cancel")}
        </button>
      </div>
    </form>
  );
}
