import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Item } from "../../../server/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { RarityBadge, rarityEdge } from "../../shared/ui/rarity.tsx";

const TYPES = ["weapon", "offhand", "armor", "accessory", "material", "consumable", "quest"] as const;
const SLOTS = ["mainHand", "offHand", "head", "chest", "legs", "hands", "feet", "neck", "ring"] as const;
const RARITIES = ["common", "uncommon", "rare", "epic", "legendary"] as const;
const SORTS = ["relevance", "level-asc", "level-desc", "name", "rarity"] as const;

/** What a card of the list shows: the page carries no more of an item than that. */
export type ItemCard = Pick<Item, "id" | "name" | "icon" | "level" | "type" | "rarity">;

export interface ItemListProps {
  i18n: RouteMessages;
  language: string;
  items: ItemCard[];
  total: number;
  perPage: number;
  page: number;
  classes: { id: string; name: { vi: string; en: string } }[];
}

const field = "h-10 rounded-md border border-line bg-surface px-2 text-sm text-fg";

/** The item catalog: search without accents, filters and sort in the URL, pages of cards. */
export function ItemListPage({ i18n, language, items, total, perPage, page, classes }: ItemListProps) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "loading";
  const pages = Math.max(1, Math.ceil(total / perPage));
  const pageLink = (target: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(target));
    return `?${next.toString()}`;
  };
  const select = (name: string, values: readonly string[], label: (value: string) => string) => (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {t(`filters.${name}`)}
      <select name={name} defaultValue={params.get(name) ?? ""} className={field}>
        <option value="">{t("filters.any")}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {label(value)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.equipmentsItems.title")}</h1>
      <p className="mt-2 text-fg-muted">{common("pages.equipmentsItems.description")}</p>

      <Form
        method="get"
        key={params.toString()}
        className="mt-5 rounded-xl border border-line bg-surface p-4"
        aria-label={t("filters.label")}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="item-search" className="text-sm font-semibold">
            {t("search.label")}
          </label>
          <input
            id="item-search"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            placeholder={t("search.placeholder")}
            className={`${field} h-11`}
          />
        </div>
        <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
          {select("type", TYPES, (value) => t(`types.${value}`))}
          {select("slot", SLOTS, (value) => t(`slots.${value}`))}
          {select("rarity", RARITIES, (value) => t(`rarities.${value}`))}
          {select(
            "class",
            classes.map((entry) => entry.id),
            (value) => localize(classes.find((entry) => entry.id === value)?.name, language),
          )}
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("filters.minLevel")}
            <input
              name="minLevel"
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={params.get("minLevel") ?? ""}
              className={field}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("filters.maxLevel")}
            <input
              name="maxLevel"
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={params.get("maxLevel") ?? ""}
              className={field}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("filters.sort")}
            <select name="sort" defaultValue={params.get("sort") ?? "relevance"} className={field}>
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sorts.${sort}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className="h-10 rounded-md bg-brand px-4 font-semibold text-on-brand">
            {t("filters.apply")}
          </button>
          <Link to="?" className="text-sm text-link underline-offset-2 hover:underline">
            {t("filters.reset")}
          </Link>
          <p className="ml-auto text-sm text-fg-muted" role="status" aria-live="polite">
            {t("results", { count: total })}
          </p>
        </div>
      </Form>

      {items.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-line bg-surface p-8 text-center">
          <p className="font-semibold">{t("empty.title")}</p>
          <p className="mt-1 text-sm text-fg-muted">{t("empty.lead")}</p>
        </div>
      ) : (
        <ul className={`mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 ${busy ? "opacity-60" : ""}`}>
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`/equipments-items/detail?id=${item.id}`}
                prefetch="intent"
                className={`flex h-full items-center gap-3 rounded-lg border border-line border-l-4 ${rarityEdge(item.rarity)} bg-surface p-3 hover:bg-surface-muted`}
              >
                <GameIcon icon={item.icon} size={44} className="text-fg" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{localize(item.name, language)}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
                    <span>{t("item.level", { level: item.level })}</span>
                    <span>{t(`types.${item.type}`)}</span>
                    <RarityBadge rarity={item.rarity} t={t} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label={t("pagination.label")} className="mt-6 flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="rounded-md border border-line bg-surface px-3 py-2 font-semibold">
              {t("pagination.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-fg-muted">{t("pagination.page", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="rounded-md border border-line bg-surface px-3 py-2 font-semibold">
              {t("pagination.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
