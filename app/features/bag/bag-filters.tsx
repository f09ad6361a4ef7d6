/**
 * The bag's search, type and sort (an island the member wakes by using it): kept in the URL
 * (`useUrlParams`), and the server's list for the new address replaces the shown one in place
 * (`showBagResults`). Before it wakes it is a plain GET form, which Enter submits.
 */
import { useId } from "react";
import { bagSorts, type BagSort } from "../../../universal/bag/bag-limits.ts";
import { ITEM_TYPES } from "../../../universal/content/pack-schema.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useQueryParts } from "../../shared/islands/use-query-parts.ts";
import { useSearchText } from "../../shared/routing/use-search-text.ts";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { showBagResults } from "./bag-results.ts";

/** The namespace's parts the filters show. */
export const BAG_FILTERS_MESSAGES = ["filters", "types"] as const;

export interface BagFiltersProps {
  /** The bag namespace's `BAG_FILTERS_MESSAGES`. */
  i18n: RouteMessages;
}

const isType = (value: string | null): value is string => value !== null && (ITEM_TYPES as readonly string[]).includes(value);
const isSort = (value: string | null): value is BagSort => value !== null && (bagSorts as readonly string[]).includes(value);

export function BagFilters({ i18n }: BagFiltersProps) {
  const { t } = useRouteMessages(i18n);
  const ids = useId();
  const [params, setParams] = useUrlParams();
  const [text, setText] = useSearchText(params.get("q") ?? "", setParams);
  const type = params.get("type");
  const sort = params.get("sort");

  useQueryParts(params.toString(), showBagResults);

  return (
    <form
      role="search"
      method="get"
      action="/me/bag"
      className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        setParams({ q: text.trim() || null });
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${ids}-q`}>
        {t("filters.search")}
        <input
          id={`${ids}-q`}
          name="q"
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
        <select
          name="type"
          className={`${field} h-11`}
          value={isType(type) ? type : ""}
          onChange={(event) => setParams({ type: event.target.value || null })}
        >
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
          name="sort"
          className={`${field} h-11`}
          value={isSort(sort) ? sort : "name"}
          onChange={(event) => setParams({ sort: event.target.value === "name" ? null : event.target.value })}
        >
          {bagSorts.map((each) => (
            <option key={each} value={each}>
              {t(`filters.sorts.${each}`)}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
