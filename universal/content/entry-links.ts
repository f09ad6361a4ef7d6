/** The page of a catalog entry named by a `kind:id` reference (content links, recommendations). */
const pageOf: Record<string, (id: string) => string> = {
  item: (id) => `/equipments-items/detail?id=${id}`,
  recipe: (id) => `/craft/detail?id=${id}`,
  mount: (id) => `/mounts/detail?id=${id}`,
  class: (id) => `/class?id=${id}`,
  pet: (id) => `/pets?id=${id}`,
  rune: (id) => `/rune#${id}`,
  "rune-set": (id) => `/rune#${id}`,
  talisman: (id) => `/talisman?id=${id}`,
  season: (id) => `/season/detail?id=${id}`,
  event: () => "/event",
  guide: (id) => `/guide?id=${id}`,
  rule: (id) => `/rule#${id}`,
  district: (id) => `/district?id=${id}`,
  marker: (id) => `/district?marker=${id}`,
  manor: (id) => `/manor?id=${id}`,
  server: () => "/rating",
};

export function entryHref(reference: string): string | null {
  // A member guide (`guide:m--12`, universal/guides/guide-limits.ts): ids no pack entry can take.
  const memberGuide = /^guide:(m--[1-9][0-9]{0,15})$/.exec(reference);
  if (memberGuide) return `/guide?id=${memberGuide[1]}`;
  const match = /^([a-z-]+):([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(reference);
  const page = match ? pageOf[match[1] ?? ""] : undefined;
  return match && page ? page(match[2] ?? "") : null;
}
