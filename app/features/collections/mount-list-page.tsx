import type { Mount } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";

import { RarityBadge } from "../../shared/ui/rarity.tsx";
import { EntryCard, FilterForm, PageHeading, RarityFilter, ResultList, SelectField } from "../../shared/ui/catalog-parts.tsx";

const TERRAINS = ["ground", "water", "air"] as const;
const SORTS = ["relevance", "level-asc", "level-desc", "speed-desc", "speed-asc", "name"] as const;

export interface MountListProps {
  i18n: RouteMessages;
  catalogI18n: RouteMessages;
  language: string;
  entries: Mount[];
  total: number;
  perPage: number;
  page: number;
}

/** `/mounts`: search without accents, rarity and terrain filters, sort by level or speed. */
export function MountListPage({ i18n, catalogI18n, language, entries, total, perPage, page }: MountListProps) {
  const { t: c } = useRouteMessages(catalogI18n);
  const { t } = useRouteMessages(i18n);
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="mounts" />
      <FilterForm
        t={t}
        searchId="mount-search"
        searchLabel={t("mounts.searchLabel")}
        placeholder={t("mounts.searchPlaceholder")}
        results={t("mounts.results", { count: total })}
      >
        <RarityFilter t={t} c={c} />
        <SelectField
          name="terrain"
          label={t("filters.terrain")}
          values={TERRAINS}
          optionLabel={(value) => t(`mounts.terrainNames.${value}`)}
          anyLabel={t("filters.any")}
        />
        <div className="col-span-2">
          <SelectField name="sort" label={t("filters.sort")} values={SORTS} optionLabel={(value) => t(`sorts.${value}`)} />
        </div>
      </FilterForm>

      <ResultList t={t} entries={entries} pages={{ total, perPage, page }}>
        {(mount) => (
          <EntryCard to={`/mounts/detail?id=${mount.id}`} rarity={mount.rarity} icon={mount.icon} name={localize(mount.name, language)}>
            <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
              <span>{t("level", { level: mount.level })}</span>
              <RarityBadge rarity={mount.rarity} t={c} />
              <span className="font-semibold text-fg">{t("mounts.speedBonus", { value: mount.speedBonus })}</span>
            </span>
            <span className="mt-1 block text-xs text-fg-muted">
              {mount.terrains.map((terrain) => t(`mounts.terrainNames.${terrain}`)).join(" · ")}
            </span>
          </EntryCard>
        )}
      </ResultList>
    </div>
  );
}
