/**
 * Craft or buy: what one run of a recipe costs to craft (its gold plus each input at the cheaper of
 * its market price and its own craft cost, recursively) against buying its output at the market
 * price. Prices are the 90-day medians; an input with neither a price nor a priced recipe leaves the
 * craft cost unknown and is named.
 */
import type { Recipe } from "../content/pack-schema.ts";
import type { RecipeIndex } from "../content/recipe-tree.ts";

export interface CraftOrBuy {
  /** Gold for one run, whole; null when an input cannot be priced. */
  craft: number | null;
  /** The output of one run at the market price; null without a price. */
  buy: number | null;
  /** The inputs (at any depth) with neither a price nor a priced recipe. */
  unpriced: string[];
  /** The cheaper way, or null when one side is unknown. */
  cheaper: "craft" | "buy" | null;
}

export function craftOrBuy(index: RecipeIndex, recipe: Recipe, prices: ReadonlyMap<string, number>): CraftOrBuy {
  const unpriced = new Set<string>();
  const memo = new Map<string, number | null>();
  const unitCost = (item: string, path: readonly string[]): number | null => {
    if (memo.has(item)) return memo.get(item)!;
    const market = prices.get(item) ?? null;
    const maker = path.includes(item) ? undefined : index.get(item);
    const crafted = maker ? runCost(maker, [...path, item]) : null;
    const made = crafted === null || !maker ? null : crafted / maker.output.quantity;
    const best = market === null ? made : made === null ? market : Math.min(market, made);
    memo.set(item, best);
    return best;
  };
  const runCost = (each: Recipe, path: readonly string[]): number | null => {
    let total = each.goldCost;
    let known = true;
    for (const input of each.inputs) {
      const cost = unitCost(input.item, path);
      if (cost === null) known = false;
      else total += cost * input.quantity;
    }
    return known ? total : null;
  };
  const cost = runCost(recipe, [recipe.output.item]);
  // What leaves the cost unknown: leaves without a price under inputs that could not be priced.
  const blockers = (each: Recipe, path: readonly string[]) => {
    for (const input of each.inputs) {
      if (memo.get(input.item) !== null || path.includes(input.item)) continue;
      const maker = index.get(input.item);
      if (maker) blockers(maker, [...path, input.item]);
      else unpriced.add(input.item);
    }
  };
  if (cost === null) blockers(recipe, [recipe.output.item]);
  const craft = cost === null ? null : Math.round(cost);
  const price = prices.get(recipe.output.item);
  const buy = price === undefined ? null : price * recipe.output.quantity;
  return { craft, buy, unpriced: [...unpriced], cheaper: craft === null || buy === null ? null : craft <= buy ? "craft" : "buy" };
}
