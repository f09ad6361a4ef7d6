import { useMemo } from "react";
import { Link } from "react-router";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import type { Recipe } from "../../../universal/content/pack-schema.ts";
import { indexRecipesByOutput, planCrafts } from "../../../universal/content/recipe-tree.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { NumberField } from "../../shared/ui/number-field.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { numberFormat } from "../../shared/i18n/format.ts";
import { craftOrBuy } from "../../../universal/bag/craft-or-buy.ts";

type Named = { name: { vi: string; en: string }; icon: string };
const MAX_RUNS = 9999;
const MAX_OWNED = 999_999;

/** `have=ore:3,hide:10` in the URL: what the player already has, so a plan can be shared. */
function parseHave(value: string | null): Map<string, number> {
  const owned = new Map<string, number>();
  for (const part of (value ?? "").split(",")) {
    const [item, count] = part.split(":");
    const quantity = Number(count);
    if (item && /^[a-z0-9-]+$/.test(item) && Number.isInteger(quantity) && quantity > 0) owned.set(item, Math.min(quantity, MAX_OWNED));
  }
  return owned;
}

const formatHave = (owned: Map<string, number>) =>
  [...owned]
    .filter(([, quantity]) => quantity > 0)
    .map(([item, quantity]) => `${item}:${quantity}`)
    .join(",");

export interface CraftCalculatorProps {
  i18n: RouteMessages;
  /** The bag's messages (what it fills in, craft or buy). */
  bagI18n: RouteMessages;
  /** 90-day median unit prices of the tree's items that have one. */
  prices: Record<string, number>;
  /** How many of the tree's items a signed-in player's bag holds; null for a visitor. */
  bag: Record<string, number> | null;
  language: string;
  recipe: Recipe;
  recipes: Recipe[];
  items: Record<string, Named>;
}

/**
 * The recipe's calculator: N crafts, expanded down to base materials, minus what the player has, and
 * whether crafting or buying is cheaper. Its inputs live in the URL (`n`, `have`), so a plan can be
 * shared. An island of its own in a page served as islands (decision 025).
 */
export function CraftCalculator({ i18n, bagI18n, prices, bag, language, recipe, recipes, items }: CraftCalculatorProps) {
  const { t } = useRouteMessages(i18n);
  useRouteMessages(bagI18n);
  const [params, update] = useUrlParams();
  const runs = Math.min(MAX_RUNS, Math.max(1, Math.floor(Number(params.get("n")) || 1)));
  // A signed-in player's bag fills what they have until they type their own numbers (`have`, shareable).
  const fromBag = bag !== null && !params.has("have");
  const owned = useMemo(
    () => (bag !== null && !params.has("have") ? new Map(Object.entries(bag)) : parseHave(params.get("have"))),
    [params, bag],
  );
  const index = useMemo(() => indexRecipesByOutput(recipes), [recipes]);
  const plan = useMemo(() => planCrafts(index, recipe, runs, owned), [index, recipe, runs, owned]);
  const market = useMemo(() => craftOrBuy(index, recipe, new Map(Object.entries(prices))), [index, recipe, prices]);
  const number = numberFormat(language);
  const name = (id: string) => localize(items[id]?.name, language) || id;
  const setOwned = (item: string, quantity: number) => {
    const next = new Map(owned);
    next.set(item, Math.max(0, Math.floor(quantity) || 0));
    update({ have: formatHave(next) || (bag !== null ? "none" : null) });
  };
  const attempts = Math.ceil(runs / (recipe.successRate / 100));

  const table = (title: string, lines: typeof plan.materials, withCrafts: boolean) => (
    <section className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h3 className="mb-3 font-bold">{title}</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-fg-muted">
            <tr>
              <th className="py-1 pr-2 font-semibold">{t("craft.calculator.item")}</th>
              <th className="px-2 py-1 text-right font-semibold">{t("craft.calculator.needed")}</th>
              <th className="px-2 py-1 text-right font-semibold">{t("craft.calculator.have")}</th>
              <th className="px-2 py-1 text-right font-semibold">
                {withCrafts ? t("craft.calculator.crafts") : t("craft.calculator.missing")}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.item} className="border-t border-line">
                <td className="py-2 pr-2">
                  <Link
                    to={`/equipments-items/detail?id=${line.item}`}
                    className="flex items-center gap-2 text-link underline underline-offset-2"
                  >
                    <GameIcon icon={items[line.item]?.icon ?? "game-icons:swap-bag"} size={24} />
                    {name(line.item)}
                  </Link>
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{number.format(line.needed)}</td>
                <td className="px-2 py-2 text-right">
                  <NumberField
                    label={`${t("craft.calculator.have")}: ${name(line.item)}`}
                    hideLabel
                    value={owned.get(line.item) ?? 0}
                    min={0}
                    max={MAX_OWNED}
                    emptyValue={0}
                    onValue={(quantity) => setOwned(line.item, quantity)}
                    className="flex flex-col items-end gap-1"
                    inputClassName="h-9 w-20 rounded-md border border-line bg-surface px-2 text-right text-fg"
                  />
                </td>
                <td className={`px-2 py-2 text-right font-semibold tabular-nums ${!withCrafts && line.missing > 0 ? "text-accent" : ""}`}>
                  {number.format(withCrafts ? (line as (typeof plan.crafted)[number]).crafts : line.missing)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );

  return (
    <>
      <section aria-labelledby="calculator" className="flex flex-col gap-4">
        <div>
          <h2 id="calculator" className="text-xl font-bold">
            {t("craft.calculator.title")}
          </h2>
          <p className="text-sm text-fg-muted">{t("craft.calculator.lead")}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <NumberField
            label={t("craft.calculator.runs")}
            value={runs}
            min={1}
            max={MAX_RUNS}
            onValue={(next) => update({ n: String(next) })}
            inputClassName="h-11 w-32 rounded-md border border-line bg-surface px-3 text-fg"
          />
          {bag !== null && !fromBag ? (
            <button
              type="button"
              onClick={() => update({ have: null })}
              className="h-11 rounded-md border border-line bg-surface px-4 text-sm font-semibold"
            >
              {t("bag:craft.useBag")}
            </button>
          ) : null}
          {owned.size > 0 ? (
            <button
              type="button"
              onClick={() => update({ have: bag !== null ? "none" : null })}
              className="h-11 rounded-md border border-line bg-surface px-4 text-sm font-semibold"
            >
              {t("craft.calculator.reset")}
            </button>
          ) : null}
        </div>
        {fromBag ? (
          <p className="text-sm" data-testid="owned-from-bag">
            {t("bag:craft.fromBag")}{" "}
            <Link to="/me/bag" className="text-link underline underline-offset-2">
              {t("bag:craft.openBag")}
            </Link>
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-live="polite">
          <div className="rounded-lg border border-line bg-surface p-3">
            <dt className="text-xs text-fg-muted">{t("craft.calculator.gold")}</dt>
            <dd className="text-lg font-bold tabular-nums">{number.format(plan.gold)}</dd>
          </div>
          <div className="rounded-lg border border-line bg-surface p-3">
            <dt className="text-xs text-fg-muted">{t("craft.calculator.totalCrafts")}</dt>
            <dd className="text-lg font-bold tabular-nums">{number.format(plan.crafts)}</dd>
          </div>
        </dl>
        {recipe.successRate < 100 ? (
          <p className="text-sm text-fg-muted">
            {t("craft.calculator.attempts", { rate: recipe.successRate, attempts: number.format(attempts) })}
          </p>
        ) : null}
        {plan.materials.every((line) => line.missing === 0) ? (
          <p role="status" className="font-semibold">
            {t("craft.calculator.allSet")}
          </p>
        ) : null}
        {table(t("craft.calculator.baseMaterials"), plan.materials, false)}
        {plan.crafted.length > 0 ? table(t("craft.calculator.intermediate"), plan.crafted, true) : null}
      </section>

      <section aria-labelledby="craft-or-buy" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5">
        <div>
          <h2 id="craft-or-buy" className="text-xl font-bold">
            {t("bag:craft.title")}
          </h2>
          <p className="text-sm text-fg-muted">{t("bag:craft.lead")}</p>
        </div>
        <dl className="grid grid-cols-2 gap-3">
          {(["craft", "buy"] as const).map((side) => (
            <div key={side} className={`rounded-lg border p-3 ${market.cheaper === side ? "border-brand" : "border-line"}`}>
              <dt className="text-xs text-fg-muted">{t(`bag:craft.${side}`)}</dt>
              <dd className="text-lg font-bold tabular-nums">
                {market[side] === null ? t("bag:craft.unknown") : number.format(market[side] * runs)}
              </dd>
              <dd className="text-xs text-fg-muted">{t("bag:craft.perRuns", { runs: number.format(runs) })}</dd>
            </div>
          ))}
        </dl>
        <p className="font-semibold" data-testid="craft-or-buy">
          {market.cheaper === null
            ? t("bag:craft.open")
            : t(market.cheaper === "craft" ? "bag:craft.craftCheaper" : "bag:craft.buyCheaper", {
                gold: number.format(Math.abs((market.buy ?? 0) - (market.craft ?? 0)) * runs),
              })}
        </p>
        {market.unpriced.length > 0 ? (
          <p className="text-sm text-fg-muted">{t("bag:craft.unpriced", { items: market.unpriced.map(name).join(", ") })}</p>
        ) : null}
      </section>
    </>
  );
}
