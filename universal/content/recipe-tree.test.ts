import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Recipe } from "./pack-schema.ts";
import { indexRecipesByOutput, planCrafts } from "./recipe-tree.ts";

const recipe = (id: string, output: string, outputQuantity: number, inputs: [string, number][], goldCost = 10): Recipe => ({
  id,
  name: { vi: id, en: id },
  station: "forge",
  requiredLevel: 1,
  output: { item: output, quantity: outputQuantity },
  inputs: inputs.map(([item, quantity]) => ({ item, quantity })),
  goldCost,
  successRate: 100,
  craftSeconds: 1,
});

// sword <- 2 ingot + 1 leather; ingot (x2 per craft) <- 3 ore + 1 coal; leather <- 2 hide
const ingot = recipe(
  "smelt",
  "ingot",
  2,
  [
    ["ore", 3],
    ["coal", 1],
  ],
  5,
);
const leather = recipe("tan", "leather", 1, [["hide", 2]], 2);
const sword = recipe(
  "forge-sword",
  "sword",
  1,
  [
    ["ingot", 2],
    ["leather", 1],
  ],
  50,
);
const index = indexRecipesByOutput([ingot, leather, sword]);

describe("planCrafts", () => {
  it("expands every level down to base materials with the gold of every craft", () => {
    const plan = planCrafts(index, sword, 3);
    // 3 swords: 6 ingots = 3 smelts (9 ore, 3 coal); 3 leather = 3 tans (6 hide)
    expect(plan.materials).toEqual([
      { item: "ore", needed: 9, fromStock: 0, missing: 9 },
      { item: "coal", needed: 3, fromStock: 0, missing: 3 },
      { item: "hide", needed: 6, fromStock: 0, missing: 6 },
    ]);
    expect(plan.crafted).toEqual([
      { item: "ingot", needed: 6, fromStock: 0, missing: 6, recipe: "smelt", crafts: 3 },
      { item: "leather", needed: 3, fromStock: 0, missing: 3, recipe: "tan", crafts: 3 },
    ]);
    expect(plan.gold).toBe(3 * 50 + 3 * 5 + 3 * 2);
    expect(plan.crafts).toBe(9);
  });

  it("uses what the player has first: an owned intermediate saves its whole subtree", () => {
    const plan = planCrafts(
      index,
      sword,
      3,
      new Map([
        ["ingot", 4],
        ["hide", 10],
        ["ore", 1],
      ]),
    );
    // 6 ingots needed, 4 owned: 2 to make = 1 smelt (3 ore, 1 owned; 1 coal)
    expect(plan.crafted.find((line) => line.item === "ingot")).toMatchObject({ needed: 6, fromStock: 4, missing: 2, crafts: 1 });
    expect(plan.materials.find((line) => line.item === "ore")).toEqual({ item: "ore", needed: 3, fromStock: 1, missing: 2 });
    expect(plan.materials.find((line) => line.item === "hide")).toEqual({ item: "hide", needed: 6, fromStock: 6, missing: 0 });
    expect(plan.gold).toBe(3 * 50 + 1 * 5 + 3 * 2);
  });

  it("rounds crafts up when a run makes several", () => {
    expect(planCrafts(index, recipe("one-ingot", "x", 1, [["ingot", 3]]), 1).crafted[0]).toMatchObject({ crafts: 2, missing: 3 });
  });

  it("never asks for more than it needs, and owning more never costs more (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.dictionary(fc.constantFrom("ingot", "leather", "ore", "coal", "hide"), fc.nat(40)),
        (runs, owned) => {
          const bare = planCrafts(index, sword, runs);
          const withStock = planCrafts(index, sword, runs, new Map(Object.entries(owned)));
          expect(withStock.gold).toBeLessThanOrEqual(bare.gold);
          for (const line of withStock.materials) {
            expect(line.fromStock + line.missing).toBe(line.needed);
            expect(line.fromStock).toBeLessThanOrEqual(owned[line.item] ?? 0);
            expect(line.missing).toBeLessThanOrEqual(bare.materials.find((other) => other.item === line.item)?.missing ?? Infinity);
          }
        },
      ),
    );
  });
});
