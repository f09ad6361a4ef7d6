/**
 * `/me/bag`: the member's items with quantity, enhancement and note, each valued at the 90-day
 * median price (marked when there is none) and the total; search, type and sort kept in the URL
 * and answered by the loader in one pass. Served as islands: the summary and the list are server
 * HTML (a full bag's 200 entries travel once, as HTML); the tools (add, CSV) and the filters are
 * islands the member wakes by using them, which show the server's new summary and list in place
 * (`bag-results.ts`).
 */
import { Link } from "react-router";
import { BAG_FIRST_ROWS, BAG_MORE_ID, type BagEntry, type BagTotals } from "../../../universal/bag/bag-limits.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { ShowAllLink } from "../../shared/ui/show-all-link.tsx";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { BAG_FILTERS_MESSAGES, BagFilters } from "./bag-filters.tsx";
import { BAG_RESULT_PARTS } from "./bag-results.ts";
import { BAG_TOOLS_MESSAGES, BagTools } from "./bag-tools.tsx";

const [SUMMARY_PART, LIST_PART] = BAG_RESULT_PARTS;

export interface BagPageProps {
  i18n: RouteMessages;
  /** The entries shown: the first `BAG_FIRST_ROWS`, or all of them. */
  entries: BagEntry[];
  /** How many entries the bag (as filtered) holds. */
  count: number;
  /** The page with every entry, when only the first are shown. */
  allHref: string | null;
  totals: BagTotals;
  /** Whether the list is narrowed by a search or a type (an empty list then says "no match"). */
  filtered: boolean;
}

export function BagPage({ i18n, entries, count, allHref, totals, filtered }: BagPageProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const number = numberFormat(language);

  return (
    <div className="mx-auto max-w-4xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.meBag.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("common:pages.meBag.description")}</p>

      <section id={SUMMARY_PART} aria-label={t("summary.label")} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="col-span-2 rounded-xl border border-line bg-surface p-4 sm:col-span-1">
          <p className="text-xs text-fg-muted">{t("summary.total")}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="bag-total">
            {t("summary.gold", { value: number.format(totals.value) })}
          </p>
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          <p className="text-xs text-fg-muted">{t("summary.entries")}</p>
          <p className="text-2xl font-bold tabular-nums">{number.format(count)}</p>
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          <p className="text-xs text-fg-muted">{t("summary.unpriced")}</p>
          <p className="text-2xl font-bold tabular-nums">{number.format(totals.unpriced)}</p>
        </div>
        <p className="col-span-2 text-xs text-fg-muted sm:col-span-3">{t("summary.basis")}</p>
      </section>

      <Island name="bag-tools" component={BagTools} props={{ i18n: pickMessages(i18n, BAG_TOOLS_MESSAGES) }} when="used" />
      <Island name="bag-filters" component={BagFilters} props={{ i18n: pickMessages(i18n, BAG_FILTERS_MESSAGES) }} when="used" />

      <div id={LIST_PART}>
        {entries.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed border-line p-6 text-center text-fg-muted">
            {filtered ? t("list.noMatch") : t("list.empty")}
          </p>
        ) : (
          <ul aria-label={t("list.label")} className="mt-4 grid gap-3 xl:grid-cols-2">
            {entries.map((entry, index) => {
              const name = localize(entry.item.name, language);
              return (
                <li
                  key={entry.id}
                  id={index === BAG_FIRST_ROWS ? BAG_MORE_ID : undefined}
                  className="lazy-row flex items-start gap-3 rounded-xl border border-line bg-surface p-3"
                  data-item={entry.itemId}
                >
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
        {allHref ? (
          <ShowAllLink href={allHref} className="mt-4 text-center">
            {t("list.showAll", { count, shown: entries.length })}
          </ShowAllLink>
        ) : null}
      </div>
    </div>
  );
}
