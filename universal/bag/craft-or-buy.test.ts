import { describe, expect, it } from "vitest";
import type { Recipe } from "../content/pack-schema.ts";
import { indexRecipesByOutput } from "../content/recipe-tree.ts";
import { craftOrBuy } from "./craft-or-buy.ts";

const recipe = (id: string, output: string, quantity: number, goldCost: number, inputs: [string, number][]) =>
  ({
    id,
    output: { item: output, quantity },
    goldCost,
    inputs: inputs.map(([item, count]) => ({ item, quantity: count })),
  }) as unknown as Recipe;

describe("craft or buy", () => {
  const ingot = recipe("smelt", "ingot", 2, 10, [["ore", 3]]);
  const sword = recipe("forge", "sword", 1, 100, [
    ["ingot", 4],
    ["hide", 1],
  ]);
  const index = indexRecipesByOutput([ingot, sword]);

  it("prices each input at the cheaper of buying and crafting it, against the output's price", () => {
    // An ingot crafted: (10 + 3 × 6) / 2 = 14, cheaper than its market price of 20.
    const prices = new Map([
      ["ore", 6],
      ["ingot", 20],
      ["hide", 30],
      ["sword", 250],
    ]);
    expect(craftOrBuy(index, sword, prices)).toEqual({ craft: 100 + 4 * 14 + 30, buy: 250, unpriced: [], cheaper: "craft" });
    expect(craftOrBuy(index, sword, new Map([...prices, ["sword", 150]])).cheaper).toBe("buy");
  });

  it("names what cannot be priced and leaves the answer open", () => {
    expect(craftOrBuy(index, sword, new Map([["ingot", 20]]))).toEqual({ craft: null, buy: null, unpriced: ["hide"], cheaper: null });
    // A priced intermediate needs no price for its own materials.
    expect(
      craftOrBuy(
        index,
        sword,
        new Map([
          ["ingot", 20],
          ["hide", 5],
        ]),
      ).craft,
    ).toBe(100 + 80 + 5);
  });
});
