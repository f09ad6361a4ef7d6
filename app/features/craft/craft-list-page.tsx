import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import type { Recipe } from "../../../server/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";

const STATIONS = ["forge", "workbench", "loom", "tannery", "alchemy", "jeweler", "kitchen"] as const;
type Named = { name: { vi: string; en: string }; icon: string };
const field = "h-10 rounded-md border border-line bg-surface px-2 text-sm text-fg";

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
  const { t: common } = useTranslation();
  const [params] = useSearchParams();
  const name = (id: string) => localize(items[id]?.name, language) || id;
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.craft.title")}</h1>
      <p className="mt-2 text-fg-muted">{common("pages.craft.description")}</p>
      <Form
        method="get"
        key={params.toString()}
        className="mt-5 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-end"
      >
        <label className="flex flex-1 flex-col gap-1 text-sm font-semibold">
          {t("craft.search.label")}
          <input
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            placeholder={t("craft.search.placeholder")}
            className={`${field} h-11`}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("craft.station")}
          <select name="station" defaultValue={params.get("station") ?? ""} className={`${field} h-11`}>
            <option value="">{t("filters.any")}</option>
            {STATIONS.map((station) => (
              <option key={station} value={station}>
                {t(`craft.stations.${station}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="h-11 rounded-md bg-brand px-4 font-semibold text-on-brand">
          {t("filters.apply")}
        </button>
      </Form>
      <p className="mt-3 text-sm text-fg-muted" role="status">
        {t("craft.results", { count: recipes.length })}
      </p>
      {recipes.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-line bg-surface p-8 text-center">
          <p className="font-semibold">{t("empty.title")}</p>
          <p className="mt-1 text-sm text-fg-muted">{t("empty.lead")}</p>
        </div>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {recipes.map((recipe) => (
            <li key={recipe.id}>
              <Link
                to={`/craft/detail?id=${recipe.id}`}
                prefetch="intent"
                className="flex h-full gap-3 rounded-lg border border-line bg-surface p-3 hover:bg-surface-muted"
              >
                <GameIcon icon={items[recipe.output.item]?.icon ?? "game-icons:anvil"} size={44} className="text-fg" />
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
