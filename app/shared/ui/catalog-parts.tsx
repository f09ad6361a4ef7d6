/** Pieces the catalog pages (collections, seasons, manors) share: filters, lists, stats, breadcrumbs. */
import { useId, type ReactNode } from "react";
import type { TFunction } from "../i18n/translator.ts";
import { useTranslation } from "../i18n/use-translation.tsx";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Localized, ObtainMethod, Stats } from "../../../universal/content/pack-schema.ts";
import { entryHref } from "../../../universal/content/entry-links.ts";
import { statEntries, statValue } from "../../../universal/content/stats.ts";
import { localize } from "../i18n/localize.ts";
import { findPage } from "../../../universal/routing/route-table.ts";
import { FavoriteStar } from "./favorite-star.tsx";
import { GameIcon } from "./game-icon.tsx";
import { rarityEdge } from "./rarity.tsx";
import { numberFormat as sharedNumberFormat, type NumberFormatter } from "../i18n/format.ts";
import { ServerHtml } from "../page/server-html.tsx";

export const field = "h-10 w-full min-w-0 rounded-md border border-line bg-surface px-2 text-sm text-fg";
export const textLink = "text-link underline underline-offset-2";
export const RARITY_VALUES = ["common", "uncommon", "rare", "epic", "legendary"] as const;

/** Numbers on catalog pages, to one decimal place. */
export function numberFormat(language: string): NumberFormatter {
  return sharedNumberFormat(language, 1);
}

/** "20 giây", "1 phút 30 giây", "10 phút". */
export function duration(t: TFunction, seconds: number): string {
  if (seconds < 60) return t("duration.seconds", { count: seconds });
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return rest === 0 ? t("duration.minutes", { count: minutes }) : t("duration.minutesSeconds", { minutes, seconds: rest });
}

export function Section({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-line bg-surface p-4 sm:p-5 ${className}`}>
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Stats as a two-column definition list; `c` is the catalog namespace (stat names). */
export function StatList({ stats, c, t, language }: { stats: Stats; c: TFunction; t: TFunction; language: string }) {
  const number = numberFormat(language);
  const entries = statEntries(stats);
  if (entries.length === 0) return <p className="text-sm text-fg-muted">{t("noStats")}</p>;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-fg-muted">{c(`stats.${key}`)}</dt>
          <dd className="text-right font-semibold tabular-nums">{statValue(key, value, number)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Stats on one line for a card: "Sinh lực 100 · Tốc độ di chuyển 3%". */
export function statLine(stats: Stats, c: TFunction, language: string): string {
  const number = numberFormat(language);
  return statEntries(stats)
    .map(([key, value]) => `${c(`stats.${key}`)} ${statValue(key, value, number)}`)
    .join(" · ");
}

/** A source's name, linked to its page (a map marker opens the map on it). */
function sourceLink(reference: string, name: string): ReactNode {
  const href = entryHref(reference);
  return href ? (
    <Link to={href} className={textLink}>
      {name}
    </Link>
  ) : (
    name
  );
}

/** How to get an entry: the method, where (a marker, event or season by name, linked) and a note. */
export function ObtainList({
  obtain,
  sources,
  c,
  language,
}: {
  obtain: readonly ObtainMethod[];
  sources: Record<string, Localized>;
  c: TFunction;
  language: string;
}) {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {obtain.map((way, index) => (
        <li key={index}>
          <span className="font-semibold">{c(`obtainMethods.${way.method}`)}</span>
          {way.source && sources[way.source] ? <span> — {sourceLink(way.source, localize(sources[way.source], language))}</span> : null}
          {way.note ? <span className="text-fg-muted"> ({localize(way.note, language)})</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Home › list › entry, for an entry a list page opens in place with `?id=` (the route table has no
 * detail page for it, so the shared breadcrumbs would stop at the list).
 */
export function EntryBreadcrumbs({ listKey, current }: { listKey: string; current: string }) {
  const { t } = useTranslation();
  const list = findPage(listKey);
  const home = findPage("home");
  return (
    <nav aria-label={t("breadcrumb.label")} className="mb-3 text-sm text-fg-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {[home, list].map((entry) =>
          entry ? (
            <li key={entry.key} className="flex items-center gap-1">
              <Link to={entry.path} className="text-link underline-offset-2 hover:underline">
                {t(`pages.${entry.key}.nav`)}
              </Link>
              <span aria-hidden="true">›</span>
            </li>
          ) : null,
        )}
        <li>
          <span aria-current="page" className="text-fg">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}

export function SelectField({
  name,
  label,
  values,
  optionLabel,
  anyLabel,
}: {
  name: string;
  label: string;
  values: readonly string[];
  optionLabel: (value: string) => string;
  anyLabel?: string;
}) {
  const [params] = useSearchParams();
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
      {label}
      <select name={name} defaultValue={params.get(name) ?? (anyLabel === undefined ? values[0] : "")} className={field}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {values.map((value) => (
          <option key={value} value={value}>
            {optionLabel(value)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The rarity filter: `t` names the filter, `c` (the catalog namespace) names the rarities. */
export function RarityFilter({ t, c }: { t: TFunction; c: TFunction }) {
  return (
    <SelectField
      name="rarity"
      label={t("filters.rarity")}
      values={RARITY_VALUES}
      optionLabel={(value) => c(`rarities.${value}`)}
      anyLabel={t("filters.any")}
    />
  );
}

/** The class filter, each class by its name in the page's language. */
export function ClassFilter({
  t,
  classes,
  language,
}: {
  t: TFunction;
  classes: readonly { id: string; name: Localized }[];
  language: string;
}) {
  return (
    <SelectField
      name="class"
      label={t("filters.class")}
      values={classes.map((entry) => entry.id)}
      optionLabel={(value) => localize(classes.find((entry) => entry.id === value)?.name, language)}
      anyLabel={t("filters.any")}
    />
  );
}

/** A GET form: the search box, the filters (children), Apply, Clear and the live result count. */
export function FilterForm({
  t,
  searchId,
  searchLabel,
  placeholder,
  results,
  columns = "md:grid-cols-4",
  children,
}: {
  t: TFunction;
  searchId: string;
  searchLabel: string;
  placeholder: string;
  results: string;
  /** The filters' grid above two columns (mobile shows two). */
  columns?: string;
  children?: ReactNode;
}) {
  const [params] = useSearchParams();
  return (
    <Form
      method="get"
      key={params.toString()}
      className="mt-5 rounded-xl border border-line bg-surface p-4"
      aria-label={t("filters.label")}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {searchLabel}
        </label>
        <input
          id={searchId}
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          placeholder={placeholder}
          className={`${field} h-11`}
        />
      </div>
      {children ? <div className={`mt-3 grid grid-cols-2 gap-3 ${columns}`}>{children}</div> : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="h-10 rounded-md bg-brand px-4 font-semibold text-on-brand">
          {t("filters.apply")}
        </button>
        <Link to="?" className="text-sm text-link underline underline-offset-2">
          {t("filters.reset")}
        </Link>
        <p className="ml-auto text-sm text-fg-muted" role="status" aria-live="polite">
          {results}
        </p>
      </div>
    </Form>
  );
}

export function EmptyState({ t }: { t: TFunction }) {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-line bg-surface p-8 text-center">
      <p className="font-semibold">{t("empty.title")}</p>
      <p className="mt-1 text-sm text-fg-muted">{t("empty.lead")}</p>
    </div>
  );
}

/** The same URL with `changes` applied (a null value removes the parameter). */
export function useHref(): (changes: Record<string, string | null>) => string {
  const [params] = useSearchParams();
  return (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
}

/** Previous and next pages; past the last page (an old link), "previous" leads back to the last one. */
export function Pagination({ t, page, total, perPage }: { t: TFunction; page: number; total: number; perPage: number }) {
  const href = useHref();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  const button = "rounded-md border border-line bg-surface px-3 py-2 font-semibold";
  return (
    <nav aria-label={t("pagination.label")} className="mt-6 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href({ page: String(Math.min(page - 1, pages)) })} className={button}>
          {t("pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-fg-muted">{t("pagination.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={href({ page: String(page + 1) })} className={button}>
          {t("pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A page heading with the route table's title and description (`pages.<key>`). */
export function PageHeading({ pageKey }: { pageKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">{t(`pages.${pageKey}.title`)}</h1>
      <p className="mt-2 text-fg-muted">{t(`pages.${pageKey}.description`)}</p>
    </>
  );
}

/**
 * A catalog entry's header on its page: rarity edge, icon, name, a line of facts (level, rarity…),
 * the description and the entry's star.
 */
export function EntryHeader({
  rarity,
  icon,
  name,
  facts,
  description,
  star,
}: {
  rarity: string;
  icon: string;
  name: string;
  facts: ReactNode;
  description: string;
  star: { kind: string; id: string };
}) {
  return (
    <header className={`flex items-start gap-4 rounded-xl border border-line border-l-4 ${rarityEdge(rarity)} bg-surface p-4 sm:p-5`}>
      <GameIcon icon={icon} size={72} />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted">{facts}</p>
        <p className="mt-3">{description}</p>
        <div className="mt-3">
          <FavoriteStar kind={star.kind} id={star.id} />
        </div>
      </div>
    </header>
  );
}

/**
 * A list page's results: the cards (dimmed while the next page loads), or the empty state, then
 * the pagination of a paged list.
 */
export function ResultList<T extends { id: string }>({
  t,
  entries,
  pages,
  columns = "sm:grid-cols-2 lg:grid-cols-3",
  children,
}: {
  t: TFunction;
  entries: readonly T[];
  /** The list's pages, when it has more than this one. */
  pages?: { total: number; perPage: number; page: number };
  columns?: string;
  children: (entry: T) => ReactNode;
}) {
  const busy = useNavigation().state === "loading";
  return (
    <>
      {entries.length === 0 ? (
        <EmptyState t={t} />
      ) : (
        <div className={busy ? "opacity-60" : undefined}>
          {/* Cards are links and text: kept as the server sent them, no hydration (decision 021). */}
          <ServerHtml as="ul" className={`mt-5 grid gap-3 ${columns}`} version={entries.map((entry) => entry.id).join()}>
            {entries.map((entry) => (
              <li key={entry.id}>{children(entry)}</li>
            ))}
          </ServerHtml>
        </div>
      )}
      {pages ? <Pagination t={t} {...pages} /> : null}
    </>
  );
}

/** A list card linking to an entry: rarity edge, icon, name, and lines of facts below it. */
export function EntryCard({
  to,
  rarity,
  icon,
  name,
  children,
}: {
  to: string;
  rarity: string;
  icon: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      prefetch="intent"
      className={`flex h-full items-center gap-3 rounded-lg border border-line border-l-4 ${rarityEdge(rarity)} bg-surface p-3 hover:bg-surface-muted`}
    >
      <GameIcon icon={icon} size={44} />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{name}</span>
        {children}
      </span>
    </Link>
  );
}
