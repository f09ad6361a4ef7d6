import type { TFunction } from "../i18n/translator.ts";

/** Rarity as a word and a coloured edge: the colour helps, the word carries the meaning. */
const edge: Record<string, string> = {
  common: "border-l-slate-400",
  uncommon: "border-l-emerald-500",
  rare: "border-l-sky-500",
  epic: "border-l-violet-500",
  legendary: "border-l-amber-500",
};

export function rarityEdge(rarity: string): string {
  return edge[rarity] ?? edge.common ?? "";
}

export function RarityBadge({ rarity, t }: { rarity: string; t: TFunction }) {
  return (
    <span className={`rounded border border-line border-l-4 ${rarityEdge(rarity)} px-1.5 py-0.5 text-xs font-semibold`}>
      {t(`rarities.${rarity}`)}
    </span>
  );
}
