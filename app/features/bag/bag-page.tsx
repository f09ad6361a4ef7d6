/**
 * `/me/bag`: the member's items with quantity, enhancement and note, each valued at the 90-day
 * median price (marked when there is none) and the total; search, type and sort kept in the URL
 * and answered by the loader in one pass. Adding an item and the CSV import load when opened.
 */
import { lazy, Suspense, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { bagSorts, type BagEntry, type BagSort, type BagTotals } from "../../../universal/bag/bag-limits.ts";
import { ITEM_TYPES } from "../../../universal/content/pack-schema.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useSearchText } from "../../shared/routing/use-search-text.ts";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";

const AddEntry = lazy(() => import("./add-entry.tsx").then((module) => ({ default: module.AddEntry })));
const ImportCsv = lazy(() => import("./import-csv.tsx").then((module) => ({ default: module.ImportCsv })));

export const buttonClass = "inline-flex min-h-10 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-60";
export const secondary = `${buttonClass} border border-line bg-surface hover:bg-surface-muted`;

export interface BagPageProps {
  i18n: RouteMessages;
  entries: BagEntry[];
  totals: BagTotals;
  q: string;
  type: string | null;
  sort: BagSort;
}

export function BagPage({ i18n, entries, totals, q, type, sort }: BagPageProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const number = numberFormat(language);
  const ids = useId();
  const revalidator = useRevalidator();
  const [, setParams] = useUrlParams();
  const [text, setText] = useSearchText(q, setParams);
  const [panel, setPanel] = useState<"add" | "import" | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const changed = (notice: string) => {
    setMessage(notice);
    void revalidator.revalidate();
  };
  const filtered = q !== "" || type !== null;

  return (
    <div className="mx-auto max-w-4xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.meBag.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("common:pages.meBag.description")}</p>

      <section aria-label={t("summary.label")} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="col-span-2 rounded-xl border border-line bg-surface p-4 sm:col-span-1">
          <p className="text-xs text-fg-muted">{t("summary.total")}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="bag-total">
            {t("summary.gold", { value: number.format(totals.value) })}
          </p>
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          <p className="text-xs text-fg-muted">{t("summary.entries")}</p>
          <p className="text-2xl font-bold tabular-nums">{number.format(entries.length)}</p>
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          <p className="text-xs text-fg-muted">{t("summary.unpriced")}</p>
          <p className="text-2xl font-bold tabular-nums">{number.format(totals.unpriced)}</p>
        </div>
        <p className="col-span-2 text-xs text-fg-muted sm:col-span-3">{t("summary.basis")}</p>
      </section>

      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={`${buttonClass} bg-brand text-on-brand`} onClick={() => setPanel(panel === "add" ? null : "add")}>
          + {t("add.open")}
        </button>
        <button type="button" className={secondary} onClick={() => setPanel(panel === "import" ? null : "import")}>
          {t("csv.import")}
        </button>
        <a href="/api/bag/export" download="bag.csv" className={secondary}>
          {t("csv.export")}
        </a>
      </div>
      {panel ? (
        <Suspense fallback={<div className="mt-3 min-h-48 rounded-xl border border-line" aria-busy="true" />}>
          {panel === "add" ? (
            <AddEntry onAdded={changed} onClose={() => setPanel(null)} />
          ) : (
            <ImportCsv onImported={changed} onClose={() => setPanel(null)} />
          )}
        </Suspense>
      ) : null}
      <p role="status" aria-live="polite" className={message ? "mt-3 rounded-md bg-surface-muted px-3 py-2 text-sm" : "sr-only"}>
        {message ?? ""}
      </p>

      <div role="search" className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto_auto]">
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${ids}-q`}>
          {t("filters.search")}
          <input
            id={`${ids}-q`}
            type="search"
            className={`${field} h-11`}
            value={text}
            placeholder={t("filters.searchPlaceholder")}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("filters.type")}
          <select className={`${field} h-11`} value={type ?? ""} onChange={(event) => setParams({ type: event.target.value || null })}>
            <option value="">{t("filters.allTypes")}</option>
            {ITEM_TYPES.map((each) => (
              <option key={each} value={each}>
                {t(`types.${each}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("filters.sort")}
          <select
            className={`${field} h-11`}
            value={sort}
            onChange={(event) => setParams({ sort: event.target.value === "name" ? null : event.target.value })}
          >
            {bagSorts.map((each) => (
              <option key={each} value={each}>
                {t(`filters.sorts.${each}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {entries.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-line p-6 text-center text-fg-muted">
          {filtered ? t("list.noMatch") : t("list.empty")}
        </p>
      ) : (
        <ul aria-label={t("list.label")} className="mt-4 grid gap-3 xl:grid-cols-2">
          {entries.map((entry) => {
            const name = localize(entry.item.name, language);
            return (
              <li key={entry.id} className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3" data-item={entry.itemId}>
                <GameIcon icon={entry.item.icon} size={40} />
                <div className="min-w-0 flex-1">
                  <h2 className="font-bold break-words">
                    <Link
                      to={`/me/bag/detail?id=${entry.id}`}
                      aria-label={t("list.open", { name })}
                      className="inline-flex min-h-6 items-center underline-offset-2 hover:underline"
                    >
                      {name}
                      {entry.enhancement > 0 ? ` ${t("list.enhancement", { level: entry.enhancement })}` : ""}
                    </Link>
                  </h2>
                  <p className="text-xs text-fg-muted">{t(`types.${entry.item.type}`, { defaultValue: entry.item.type })}</p>
                  {entry.note ? <p className="mt-1 text-sm break-words">{entry.note}</p> : null}
                </div>
                <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-2 text-right text-sm">
                  <dt className="text-fg-muted">{t("list.quantity")}</dt>
                  <dd className="font-semibold tabular-nums">{number.format(entry.quantity)}</dd>
                  <dt className="text-fg-muted">{t("list.value")}</dt>
                  <dd className="font-semibold tabular-nums">
                    {entry.value === null ? (
                      <span className="rounded border border-dashed border-line px-1 text-xs font-normal" title={t("list.noPriceHint")}>
                        {t("list.noPrice")}
                      </span>
                    ) : (
                      number.format(entry.value)
                    )}
                  </dd>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
