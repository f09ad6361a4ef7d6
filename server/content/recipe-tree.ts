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
