import { Link } from "react-router";
import type { Recipe } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { FilterForm, PageHeading, ResultList, SelectField } from "../../shared/ui/catalog-parts.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";

const STATIONS = ["forge", "workbench", "loom", "tannery", "alchemy", "jeweler", "kitchen"] as const;
type Named = { name: { vi: string; en: string }; icon: string };

/** `/craft`: every recipe on one page, searched without accents and filtered by station. */
export function CraftListPage({
  i18n,
  language,
  recipes,
  items,
}: {
  i18n: RouteMessages;
  language: string;
  recipes: Recipe[];
  items: Record<string, Named>;
}) {
  const { t } = useRouteMessages(i18n);
  const name = (id: string) => localize(items[id]?.name, language) || id;
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="craft" />
      <FilterForm
        t={t}
        searchId="craft-search"
        searchLabel={t("craft.search.label")}
        placeholder={t("craft.search.placeholder")}
        results={t("craft.results", { count: recipes.length })}
      >
        <div className="col-span-2">
          <SelectField
            name="station"
            label={t("craft.station")}
            values={STATIONS}
            optionLabel={(value) => t(`craft.stations.${value}`)}
            anyLabel={t("filters.any")}
          />
        </div>
      </FilterForm>
      <ResultList t={t} entries={recipes}>
        {(recipe) => (
          <Link
            to={`/craft/detail?id=${recipe.id}`}
            prefetch="intent"
            className="flex h-full gap-3 rounded-lg border border-line bg-surface p-3 hover:bg-surface-muted"
          >
            <GameIcon icon={items[recipe.output.item]?.icon ?? "game-icons:anvil"} size={44} />
            <span className="min-w-0 text-sm">
              <span className="block font-semibold">{localize(recipe.name, language)}</span>
              <span className="mt-1 block text-fg-muted">
                {recipe.inputs.map((input) => `${input.quantity} × ${name(input.item)}`).join(" + ")}
              </span>
              <span className="mt-1 block text-xs text-fg-muted">
                {t(`craft.stations.${recipe.station}`)} · {t("craft.requiredLevel", { level: recipe.requiredLevel })}
              </span>
            </span>
          </Link>
        )}
      </ResultList>
    </div>
  );
}
