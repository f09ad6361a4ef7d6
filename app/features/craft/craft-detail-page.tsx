import { RecordView } from "../../shared/content/record-view.tsx";
import { Link } from "react-router";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { numberFormat } from "../../shared/i18n/format.ts";
import { Island } from "../../shared/islands/island.tsx";
import { CraftCalculator, type CraftCalculatorProps } from "./craft-calculator.tsx";

export type CraftDetailProps = CraftCalculatorProps;

/** A recipe, what it takes and makes, and its calculator (an island). */
export function CraftDetailPage(props: CraftDetailProps) {
  const { i18n, language, recipe, items } = props;
  const { t } = useRouteMessages(i18n);
  const number = numberFormat(language);
  const name = (id: string) => localize(items[id]?.name, language) || id;

  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-5">
      <RecordView kind="recipes" id={recipe.id} />
      <Breadcrumbs current={localize(recipe.name, language)} />
      <header className="flex items-start gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5">
        <GameIcon icon={items[recipe.output.item]?.icon ?? "game-icons:anvil"} size={72} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{localize(recipe.name, language)}</h1>
          <p className="mt-1 text-sm text-fg-muted">
            {t(`craft.stations.${recipe.station}`)} · {t("craft.requiredLevel", { level: recipe.requiredLevel })} ·{" "}
            {t("item.successRate", { rate: recipe.successRate })} · {t("craft.craftTime", { seconds: recipe.craftSeconds })}
          </p>
          <p className="mt-3">
            {recipe.inputs.map((input, index) => (
              <span key={input.item}>
                {index > 0 ? " + " : ""}
                {input.quantity} ×{" "}
                <Link to={`/equipments-items/detail?id=${input.item}`} className="text-link underline underline-offset-2">
                  {name(input.item)}
                </Link>
              </span>
            ))}{" "}
            →{" "}
            <Link to={`/equipments-items/detail?id=${recipe.output.item}`} className="font-semibold text-link underline underline-offset-2">
              {t("craft.makes", { quantity: recipe.output.quantity, name: name(recipe.output.item) })}
            </Link>
          </p>
          <p className="mt-1 text-sm text-fg-muted">{t("item.goldCost", { cost: number.format(recipe.goldCost) })}</p>
          <div className="mt-3">
            <FavoriteStar kind="recipes" id={recipe.id} />
          </div>
        </div>
      </header>

      {/* The server renders the plan of the address (`n`, `have`): a visitor's calculator hydrates when they first use it (decision 032). */}
      <Island name="craft-calculator" component={CraftCalculator} props={props} when="used" />
    </article>
  );
}
