import { readFileSync } from "node:fs";

interface Recipe {
  id: string;
  output: { item: string };
  inputs: { item: string }[];
}

/**
 * The recipe whose material tree is deepest (an input that is itself crafted, and so on): the craft
 * calculator's heaviest page. Ties go to the first in the pack.
 */
export function deepestRecipe(recipes: readonly Recipe[]): Recipe | undefined {
  const byOutput = new Map(recipes.map((recipe) => [recipe.output.item, recipe]));
  const depths = new Map<string, number>();
  const depth = (recipe: Recipe, path: ReadonlySet<string>): number => {
    const known = depths.get(recipe.id);
    if (known !== undefined) return known;
    let deepest = 0;
    for (const input of recipe.inputs) {
      const sub = byOutput.get(input.item);
      // A cycle in the pack would recurse forever; the calculator stops there too.
      if (sub && !path.has(sub.id)) deepest = Math.max(deepest, depth(sub, new Set([...path, sub.id])));
    }
    depths.set(recipe.id, deepest + 1);
    return deepest + 1;
  };
  let best: Recipe | undefined;
  for (const recipe of recipes) {
    if (!best || depth(recipe, new Set([recipe.id])) > depth(best, new Set([best.id]))) best = recipe;
  }
  return best;
}

function readPack<T>(kind: string): T[] {
  return JSON.parse(readFileSync(`content/demo/${kind}.json`, "utf8")) as T[];
}

/**
 * The public pages benched as a visitor: home, the item catalog, the first weapon's detail, the deepest recipe,
 * the district map, and the clans' directory and the rankings (issue 43).
 */
export function benchedPaths(): string[] {
  const items = readPack<{ id: string; type: string }>("items");
  const item = items.find((entry) => entry.type === "weapon") ?? items[0];
  if (!item) throw new Error("content/demo/items.json has no items");
  const recipe = deepestRecipe(readPack<Recipe>("recipes"));
  if (!recipe) throw new Error("content/demo/recipes.json has no recipes");
  return [
    "/",
    "/equipments-items",
    `/equipments-items/detail?id=${encodeURIComponent(item.id)}`,
    `/craft/detail?id=${encodeURIComponent(recipe.id)}`,
    "/district",
    "/clan",
    "/rating",
  ];
}

/** Pages benched once they exist: today they answer with the placeholder ("coming soon"). */
export const PAGES_ONCE_BUILT = ["/feed", "/chat"];

/** The placeholder's sentence in both languages: a page showing it is not built yet. */
function placeholderSentences(): string[] {
  return ["vi", "en-US"].map((language) => {
    const common = JSON.parse(readFileSync(`locales/${language}/common.json`, "utf8")) as { placeholder?: { comingSoon?: string } };
    const sentence = common.placeholder?.comingSoon;
    if (!sentence) throw new Error(`locales/${language}/common.json has no placeholder.comingSoon`);
    return sentence;
  });
}

/**
 * Whether the page's markup shows one of the placeholder's sentences. Scripts are left out: every
 * page embeds the common messages (the placeholder's among them) in its loader data.
 */
export function showsPlaceholder(html: string, sentences: readonly string[]): boolean {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "");
  return sentences.some((sentence) => markup.includes(sentence));
}

/** Why a page is not benched, or undefined when it is a real page: it must answer 200 and not be a placeholder. */
export async function whyNotBenched(baseUrl: string, path: string): Promise<string | undefined> {
  const response = await fetch(baseUrl + path, { signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) return `answers ${response.status}`;
  const html = await response.text();
  return showsPlaceholder(html, placeholderSentences()) ? "a placeholder page (not built yet)" : undefined;
}
