/**
 * Recipe trees: an item made by a recipe is expanded into the recipe's inputs, recursively, down
 * to items no recipe makes (gathered, dropped, bought). Used by the crafting calculator and by the
 * pack validator (cycles, depth).
 */
import type { Recipe } from "./pack-schema.ts";

export type RecipeIndex = Map<string, Recipe>;

/** The recipe used to make each item; when several make the same item, the first one wins. */
export function indexRecipesByOutput(recipes: readonly Recipe[]): RecipeIndex {
  const index: RecipeIndex = new Map();
  for (const recipe of recipes) if (!index.has(recipe.output.item)) index.set(recipe.output.item, recipe);
  return index;
}

/**
 * Every item that is (transitively) an input of itself, as the cycle's path (`a -> b -> a`).
 * Walks all recipes, not only the first per output, so no cycle hides behind another recipe.
 */
export function findRecipeCycles(recipes: readonly Recipe[]): string[][] {
  const inputsOf = new Map<string, Set<string>>();
  for (const recipe of recipes) {
    const inputs = inputsOf.get(recipe.output.item) ?? new Set<string>();
    for (const input of recipe.inputs) inputs.add(input.item);
    inputsOf.set(recipe.output.item, inputs);
  }
  const cycles: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (item: string) => {
    if (state.get(item) === "done") return;
    if (state.get(item) === "visiting") {
      cycles.push([...stack.slice(stack.indexOf(item)), item]);
      return;
    }
    state.set(item, "visiting");
    stack.push(item);
    for (const input of inputsOf.get(item) ?? []) visit(input);
    stack.pop();
    state.set(item, "done");
  };
  for (const item of inputsOf.keys()) visit(item);
  return cycles;
}

export type CraftNode = {
  item: string;
  quantity: number;
  /** The recipe that makes it, with how many crafts are needed; absent for base materials. */
  recipe?: { id: string; crafts: number; goldCost: number };
  inputs: CraftNode[];
};

/**
 * The full tree to obtain `quantity` of `item`. Crafts are rounded up (a recipe making 2 is run
 * twice for 3). Success rates are not applied: the tree is the cost when every craft succeeds.
 * Throws on a cycle, which a validated pack never has.
 */
export function expandCraftTree(index: RecipeIndex, item: string, quantity: number, path: readonly string[] = []): CraftNode {
  if (path.includes(item)) throw new Error(`Recipe cycle: ${[...path, item].join(" -> ")}`);
  const recipe = index.get(item);
  if (!recipe) return { item, quantity, inputs: [] };
  const crafts = Math.ceil(quantity / recipe.output.quantity);
  return {
    item,
    quantity,
    recipe: { id: recipe.id, crafts, goldCost: crafts * recipe.goldCost },
    inputs: recipe.inputs.map((input) => expandCraftTree(index, input.item, input.quantity * crafts, [...path, item])),
  };
}

/** Base materials (leaves) and gold of a tree, summed: the shopping list of the calculator. */
export function summarizeCraftTree(tree: CraftNode): { materials: Map<string, number>; gold: number } {
  const materials = new Map<string, number>();
  let gold = 0;
  const walk = (node: CraftNode) => {
    if (!node.recipe) {
      materials.set(node.item, (materials.get(node.item) ?? 0) + node.quantity);
      return;
    }
    gold += node.recipe.goldCost;
    node.inputs.forEach(walk);
  };
  walk(tree);
  return { materials, gold };
}

/** Levels of crafting below an item: 0 for a base material, 1 for a recipe of base materials, … */
export function craftDepth(index: RecipeIndex, item: string, path: readonly string[] = []): number {
  const recipe = index.get(item);
  if (!recipe || path.includes(item)) return 0;
  return 1 + Math.max(...recipe.inputs.map((input) => craftDepth(index, input.item, [...path, item])));
}

export interface CraftPlanLine {
  item: string;
  /** How many the plan needs in all. */
  needed: number;
  /** Taken from what the player already has. */
  fromStock: number;
  /** Still to gather, buy or craft. */
  missing: number;
}

export interface CraftPlan {
  /** Base materials (no recipe makes them): what to gather, buy or farm. */
  materials: CraftPlanLine[];
  /** Intermediate items the plan crafts, with the crafts each needs. */
  crafted: (CraftPlanLine & { recipe: string; crafts: number })[];
  gold: number;
  crafts: number;
}

/**
 * What it takes to run `recipe` `runs` times when the player already has `owned` of some items:
 * stock is used first (an owned intermediate is not crafted again, so its own materials are not
 * needed), then the rest is crafted or gathered. Success rates are not applied (every craft succeeds).
 */
export function planCrafts(index: RecipeIndex, recipe: Recipe, runs: number, owned: ReadonlyMap<string, number> = new Map()): CraftPlan {
  const stock = new Map(owned);
  const materials = new Map<string, CraftPlanLine>();
  const crafted = new Map<string, CraftPlanLine & { recipe: string; crafts: number }>();
  let gold = runs * recipe.goldCost;
  let crafts = runs;

  const need = (item: string, quantity: number, path: readonly string[]) => {
    if (path.includes(item)) throw new Error(`Recipe cycle: ${[...path, item].join(" -> ")}`);
    const fromStock = Math.min(stock.get(item) ?? 0, quantity);
    stock.set(item, (stock.get(item) ?? 0) - fromStock);
    const missing = quantity - fromStock;
    const maker = index.get(item);
    if (!maker) {
      const line = materials.get(item) ?? { item, needed: 0, fromStock: 0, missing: 0 };
      materials.set(item, { item, needed: line.needed + quantity, fromStock: line.fromStock + fromStock, missing: line.missing + missing });
      return;
    }
    const runsNeeded = Math.ceil(missing / maker.output.quantity);
    const line = crafted.get(item) ?? { item, needed: 0, fromStock: 0, missing: 0, recipe: maker.id, crafts: 0 };
    crafted.set(item, {
      ...line,
      needed: line.needed + quantity,
      fromStock: line.fromStock + fromStock,
      missing: line.missing + missing,
      crafts: line.crafts + runsNeeded,
    });
    if (runsNeeded === 0) return;
    gold += runsNeeded * maker.goldCost;
    crafts += runsNeeded;
    // What a run makes beyond the need goes to stock, for later steps of the same plan.
    const surplus = runsNeeded * maker.output.quantity - missing;
    if (surplus > 0) stock.set(item, (stock.get(item) ?? 0) + surplus);
    for (const input of maker.inputs) need(input.item, input.quantity * runsNeeded, [...path, item]);
  };

  for (const input of recipe.inputs) need(input.item, input.quantity * runs, [recipe.output.item]);
  return { materials: [...materials.values()], crafted: [...crafted.values()], gold, crafts };
}
