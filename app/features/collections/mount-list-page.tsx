import { Link, useNavigation } from "react-router";
import type { Mount } from "../../../server/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { RarityBadge, rarityEdge } from "../../shared/ui/rarity.tsx";
import { EmptyState, FilterForm, PageHeading, Pagination, RARITY_VALUES, SelectField } from "../../shared/ui/catalog-parts.tsx";

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
  const busy = useNavigation().state === "loading";
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
        <SelectField
          name="rarity"
          label={t("filters.rarity")}
          values={RARITY_VALUES}
          optionLabel={(value) => c(`rarities.${value}`)}
          anyLabel={t("filters.any")}
        />
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

      {entries.length === 0 ? (
        <EmptyState t={t} />
      ) : (
        <ul className={`mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 ${busy ? "opacity-60" : ""}`}>
          {entries.map((mount) => (
            <li key={mount.id}>
              <Link
                to={`/mounts/detail?id=${mount.id}`}
                prefetch="intent"
                className={`flex h-full items-center gap-3 rounded-lg border border-line border-l-4 ${rarityEdge(mount.rarity)} bg-surface p-3 hover:bg-surface-muted`}
              >
                <GameIcon icon={mount.icon} size={44} className="text-fg" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{localize(mount.name, language)}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
                    <span>{t("level", { level: mount.level })}</span>
                    <RarityBadge rarity={mount.rarity} t={c} />
                    <span className="font-semibold text-fg">{t("mounts.speedBonus", { value: mount.speedBonus })}</span>
                  </span>
                  <span className="mt-1 block text-xs text-fg-muted">
                    {mount.terrains.map((terrain) => t(`mounts.terrainNames.${terrain}`)).join(" · ")}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination t={t} page={page} total={total} perPage={perPage} />
    </div>
  );
}
