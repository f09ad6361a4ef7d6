import { entryHref } from "./entry-links.ts";

/** Content pack kinds (plural, as stored) to the `kind:id` reference kinds links use. */
const referenceKind: Record<string, string> = {
  items: "item",
  recipes: "recipe",
  mounts: "mount",
  pets: "pet",
  classes: "class",
  runes: "rune",
  runeSets: "rune-set",
  talismans: "talisman",
  seasons: "season",
  guides: "guide",
  events: "event",
  rules: "rule",
  districts: "district",
  manors: "manor",
  servers: "server",
};

/** The page of an entry of a stored kind, or null for kinds without one (levels, tax rates). */
export function kindEntryHref(kind: string, id: string): string | null {
  const reference = referenceKind[kind];
  return reference ? entryHref(`${reference}:${id}`) : null;
}
