import { describe, expect, it } from "vitest";
import { deepestRecipe, showsPlaceholder } from "./bench-pages.ts";

const recipe = (id: string, output: string, inputs: string[]) => ({
  id,
  output: { item: output },
  inputs: inputs.map((item) => ({ item })),
});

describe("deepestRecipe", () => {
  it("picks the recipe whose inputs are crafted deepest", () => {
    const recipes = [
      recipe("ingot", "iron-ingot", ["iron-ore"]),
      recipe("sword", "iron-sword", ["iron-ingot", "wood"]),
      recipe("plank", "plank", ["wood"]),
      recipe("blade", "great-blade", ["iron-sword", "plank"]),
    ];
    expect(deepestRecipe(recipes)?.id).toBe("blade");
  });
  it("takes the first of equally deep recipes", () => {
    expect(deepestRecipe([recipe("a", "x", ["ore"]), recipe("b", "y", ["ore"])])?.id).toBe("a");
  });
  it("stops at a cycle instead of recursing forever", () => {
    const recipes = [recipe("a", "x", ["y"]), recipe("b", "y", ["x"]), recipe("c", "z", ["ore"])];
    expect(["a", "b"]).toContain(deepestRecipe(recipes)?.id);
  });
  it("gives nothing for an empty pack", () => {
    expect(deepestRecipe([])).toBeUndefined();
  });
});

describe("showsPlaceholder", () => {
  const sentence = "Trang này đang được xây dựng.";
  it("finds the sentence in the page's markup", () => {
    expect(showsPlaceholder(`<main><p>${sentence}</p></main>`, [sentence])).toBe(true);
  });
  it("ignores it in a script: every page embeds the common messages in its loader data", () => {
    const html = `<main><article>Bài viết</article></main><script nonce="x">window.__ctx = {"comingSoon":"${sentence}"}</script>`;
    expect(showsPlaceholder(html, [sentence])).toBe(false);
  });
});
