import { useSearchParams } from "react-router";
import type { Item } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import {
  ClassFilter,
  EntryCard,
  field,
  FilterForm,
  PageHeading,
  RarityFilter,
  ResultList,
  SelectField,
} from "../../shared/ui/catalog-parts.tsx";
import { RarityBadge } from "../../shared/ui/rarity.tsx";

const TYPES = ["weapon", "offhand", "armor", "accessory", "material", "consumable", "quest"] as const;
const SLOTS = ["mainHand", "offHand", "head", "chest", "legs", "hands", "feet", "neck", "ring"] as const;
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

/** The item catalog: search without accents, filters and sort in the URL, pages of cards. */
export function ItemListPage({ i18n, language, items, total, perPage, page, classes }: ItemListProps) {
  const { t } = useRouteMessages(i18n);
  const [params] = useSearchParams();
  const levelField = (name: "minLevel" | "maxLevel") => (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
      {t(`filters.${name}`)}
      <input name={name} type="number" inputMode="numeric" min={1} defaultValue={params.get(name) ?? ""} className={field} />
    </label>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="equipmentsItems" />
      <FilterForm
        t={t}
        searchId="item-search"
        searchLabel={t("search.label")}
        placeholder={t("search.placeholder")}
        results={t("results", { count: total })}
        columns="md:grid-cols-4 lg:grid-cols-8"
      >
        <SelectField
          name="type"
          label={t("filters.type")}
          values={TYPES}
          optionLabel={(value) => t(`types.${value}`)}
          anyLabel={t("filters.any")}
        />
        <SelectField
          name="slot"
          label={t("filters.slot")}
          values={SLOTS}
          optionLabel={(value) => t(`slots.${value}`)}
          anyLabel={t("filters.any")}
        />
        <RarityFilter t={t} c={t} />
        <ClassFilter t={t} classes={classes} language={language} />
        {levelField("minLevel")}
        {levelField("maxLevel")}
        <div className="col-span-2">
          <SelectField name="sort" label={t("filters.sort")} values={SORTS} optionLabel={(value) => t(`sorts.${value}`)} />
        </div>
      </FilterForm>

      <ResultList t={t} entries={items} pages={{ total, perPage, page }}>
        {(item) => (
          <EntryCard
            to={`/equipments-items/detail?id=${item.id}`}
            rarity={item.rarity}
            icon={item.icon}
            name={localize(item.name, language)}
          >
            <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
              <span>{t("item.level", { level: item.level })}</span>
              <span>{t(`types.${item.type}`)}</span>
              <RarityBadge rarity={item.rarity} t={t} />
            </span>
          </EntryCard>
        )}
      </ResultList>
    </div>
  );
}
