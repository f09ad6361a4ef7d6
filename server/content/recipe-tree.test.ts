import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parsePack, type PackFiles } from "./load-pack.ts";
import { PackError } from "./pack-error.ts";
import type { ContentPack, Recipe } from "../../universal/content/pack-schema.ts";
import {
  expandCraftTree,
  findRecipeCycles,
  indexRecipesByOutput,
  summarizeCraftTree,
  type CraftNode,
} from "../../universal/content/recipe-tree.ts";

const DEMO_DIR = join(import.meta.dirname, "../../content/demo");
let demoFiles: PackFiles;
let demo: ContentPack;

beforeAll(async () => {
  demoFiles = new Map();
  for (const name of await readdir(DEMO_DIR)) demoFiles.set(name, await readFile(join(DEMO_DIR, name), "utf8"));
  demo = parsePack(demoFiles);
});

const recipe = (output: string, inputs: string[], outputQuantity = 1): Recipe => ({
  id: `make-${output}`,
  name: { vi: output, en: output },
  station: "forge",
  requiredLevel: 1,
  output: { item: output, quantity: outputQuantity },
  inputs: inputs.map((item) => ({ item, quantity: 2 })),
  goldCost: 10,
  successRate: 100,
  craftSeconds: 1,
});

/**
 * Random acyclic recipe books: item i is made only from items with a lower index, so the graph is
 * a DAG by construction, like every pack the validator accepts.
 */
const acyclicRecipes = fc.integer({ min: 2, max: 12 }).chain((size) =>
  fc
    .array(
      fc.record({
        made: fc.boolean(),
        inputs: fc.uniqueArray(fc.nat(size - 1), { minLength: 1, maxLength: 3 }),
        yields: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: size, maxLength: size },
    )
    .map((specs) =>
      specs.flatMap((spec, i) => {
        const inputs = spec.inputs.filter((j) => j < i).map((j) => `item-${j}`);
        return spec.made && inputs.length > 0 ? [recipe(`item-${i}`, inputs, spec.yields)] : [];
      }),
    ),
);

function leaves(node: CraftNode): CraftNode[] {
  return node.recipe ? node.inputs.flatMap(leaves) : [node];
}

describe("recipe trees", () => {
  it("expand to base materials only, and no acyclic book has a cycle", () => {
    fc.assert(
      fc.property(acyclicRecipes, fc.integer({ min: 1, max: 20 }), (recipes, quantity) => {
        expect(findRecipeCycles(recipes)).toEqual([]);
        const index = indexRecipesByOutput(recipes);
        for (const r of recipes) {
          const tree = expandCraftTree(index, r.output.item, quantity);
          const { materials } = summarizeCraftTree(tree);
          for (const item of materials.keys()) expect(index.has(item)).toBe(false);
          for (const leaf of leaves(tree)) expect(leaf.quantity).toBeGreaterThan(0);
          // Crafts are whole: the crafted amount always covers what was asked for.
          expect(tree.recipe!.crafts * r.output.quantity).toBeGreaterThanOrEqual(quantity);
        }
      }),
    );
  });

  it("finds the cycle that one back edge creates", () => {
    fc.assert(
      fc.property(
        acyclicRecipes.filter((recipes) => recipes.length > 0),
        (recipes) => {
          // Make the first base material of some recipe out of that recipe's output.
          const top = recipes[recipes.length - 1]!;
          const index = indexRecipesByOutput(recipes);
          const base = [...summarizeCraftTree(expandCraftTree(index, top.output.item, 1)).materials.keys()][0]!;
          const cyclic = [...recipes, recipe(base, [top.output.item])];
          expect(findRecipeCycles(cyclic).length).toBeGreaterThan(0);
          expect(() => expandCraftTree(indexRecipesByOutput(cyclic), top.output.item, 1)).toThrow(/Recipe cycle/);
        },
      ),
    );
  });

  it("expands every demo recipe for any number of crafts, with gold growing with the quantity", () => {
    const index = indexRecipesByOutput(demo.recipes);
    fc.assert(
      fc.property(fc.constantFrom(...demo.recipes), fc.integer({ min: 1, max: 50 }), (r, quantity) => {
        const one = summarizeCraftTree(expandCraftTree(index, r.output.item, quantity));
        const more = summarizeCraftTree(expandCraftTree(index, r.output.item, quantity + 1));
        expect(more.gold).toBeGreaterThanOrEqual(one.gold);
        for (const [item, count] of one.materials) expect(more.materials.get(item)).toBeGreaterThanOrEqual(count);
      }),
    );
  });
});

describe("reference checks on random sub-packs", () => {
  it("removing an item is refused exactly when something still refers to it", () => {
    fc.assert(
      fc.property(fc.nat(demo.items.length - 1), (index) => {
        const removed = demo.items[index]!.id;
        const items = JSON.parse(demoFiles.get("items.json")!) as { id: string }[];
        const files = new Map(demoFiles).set("items.json", JSON.stringify(items.filter((item) => item.id !== removed)));
        const referenced = [...demoFiles]
          .filter(([name]) => name !== "items.json" && name.endsWith(".json"))
          .some(
            ([, text]) =>
              text.includes(`"item": "${removed}"`) ||
              text.includes(`item:${removed}`) ||
              new RegExp(`"items": \\[[^\\]]*"${removed}"`).test(text),
          );
        if (!referenced) {
          expect(() => parsePack(files)).not.toThrow();
          return;
        }
        try {
          parsePack(files);
          expect.unreachable(`removing ${removed} was accepted`);
        } catch (error) {
          expect(error).toBeInstanceOf(PackError);
          expect((error as PackError).message).toContain(removed);
        }
      }),
      { numRuns: 30 },
    );
  });
});
