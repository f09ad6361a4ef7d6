/**
 * Queries of the world pages: seasons (with their status for `now`) and manors (with their
 * district, tax rate and the names of everything their costs and rewards link to).
 */
import type { Database } from "../../db/client.ts";
import { getEntries, getEntry, listKind } from "./catalog.ts";
import type { District, EntryRefKind, Item, Localized, Manor, PackKind, Season, TaxRate } from "../../universal/content/pack-schema.ts";
import { currentSeason, nextSeason } from "./schedule.ts";

export type SeasonStatus = "current" | "next" | "upcoming" | "ended";
export type Named = { name: Localized; icon?: string | undefined };

const ID = /^[a-z0-9-]{1,80}$/;

/** The pack kind behind each `kind:id` reference; markers live inside districts and are left out. */
export const KIND_OF_REF: Partial<Record<EntryRefKind, PackKind>> = {
  class: "classes",
  item: "items",
  recipe: "recipes",
  mount: "mounts",
  pet: "pets",
  rune: "runes",
  "rune-set": "runeSets",
  talisman: "talismans",
  season: "seasons",
  event: "events",
  guide: "guides",
  rule: "rules",
  district: "districts",
  manor: "manors",
  server: "servers",
};

/** Names (and icons, when the kind has them) of `kind:id` references, keyed by the reference. */
export async function refNames(db: Database, refs: readonly string[]): Promise<Record<string, Named>> {
  const byKind = new Map<PackKind, string[]>();
  for (const ref of refs) {
    const [kind, id] = ref.split(":") as [EntryRefKind, string];
    const packKind = KIND_OF_REF[kind];
    if (packKind && id) byKind.set(packKind, [...(byKind.get(packKind) ?? []), id]);
  }
  const found = await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const entries = await getEntries<{ id: string; name: Localized; icon?: string }>(db, kind, ids);
      return { kind, entries };
    }),
  );
  const names: Record<string, Named> = {};
  for (const ref of refs) {
    const [kind, id] = ref.split(":") as [EntryRefKind, string];
    const entry = found.find((group) => group.kind === KIND_OF_REF[kind])?.entries.get(id);
    if (entry) names[ref] = { name: entry.name, icon: entry.icon };
  }
  return names;
}

/** Item names and icons for links (costs, rewards), keyed by item id. */
export async function itemNames(db: Database, ids: readonly string[]): Promise<Record<string, Named>> {
  const items = await getEntries<Item>(db, "items", ids);
  return Object.fromEntries([...items].map(([id, item]) => [id, { name: item.name, icon: item.icon }]));
}

function seasonStatus(season: Season, seasons: readonly Season[], now: Date): SeasonStatus {
  if (currentSeason(seasons, now)?.id === season.id) return "current";
  if (nextSeason(seasons, now)?.id === season.id) return "next";
  return Date.parse(season.endsAt) <= now.getTime() ? "ended" : "upcoming";
}

const seasonTimes = (season: Season) => ({ startsAt: Date.parse(season.startsAt), endsAt: Date.parse(season.endsAt) });

/** Every season in number order, with its status for `now` (game time is only a display matter). */
export async function listSeasons(db: Database, now: Date) {
  const seasons = (await listKind<Season>(db, "seasons")).sort((a, b) => a.number - b.number);
  return seasons.map((season) => ({
    id: season.id,
    number: season.number,
    name: season.name,
    description: season.description,
    icon: season.icon,
    ...seasonTimes(season),
    tiers: season.rewardTiers.length,
    status: seasonStatus(season, seasons, now),
  }));
}

/** One season with its status, the items its tiers give and the names of what it added; null if unknown. */
export async function seasonDetail(db: Database, id: string, now: Date) {
  if (!ID.test(id)) return null;
  const seasons = await listKind<Season>(db, "seasons");
  const season = seasons.find((entry) => entry.id === id);
  if (!season) return null;
  const [items, additions] = await Promise.all([
    itemNames(
      db,
      season.rewardTiers.flatMap((tier) => tier.rewards.map((reward) => reward.item)),
    ),
    refNames(db, season.additions),
  ]);
  return { season, ...seasonTimes(season), status: seasonStatus(season, seasons, now), items, additions };
}

/** The sales tax of a manor, if the pack sets one. */
const manorTax = (rates: readonly TaxRate[], manorId: string) => {
  const rate = rates.find((entry) => entry.scope === "manor" && entry.target === manorId);
  return rate ? { percent: rate.percent, note: rate.note ?? null } : null;
};

/** The manors as cards: district, number of levels, buildings and tax rate. */
export async function listManors(db: Database) {
  const [manors, rates] = await Promise.all([listKind<Manor>(db, "manors"), listKind<TaxRate>(db, "taxRates")]);
  const districts = await getEntries<District>(
    db,
    "districts",
    manors.map((manor) => manor.district),
  );
  return manors.map((manor) => ({
    id: manor.id,
    name: manor.name,
    description: manor.description,
    icon: manor.icon,
    district: { id: manor.district, name: districts.get(manor.district)?.name ?? null },
    owner: manor.owner,
    levels: manor.levels.length,
    maxSlots: Math.max(...manor.levels.map((level) => level.buildingSlots)),
    buildings: manor.buildings.map((building) => ({ id: building.id, name: building.name, icon: building.icon })),
    tax: manorTax(rates, manor.id),
  }));
}

/** One manor with its district's name, tax rate and the items its costs need; null if unknown. */
export async function manorDetail(db: Database, id: string) {
  if (!ID.test(id)) return null;
  const manor = await getEntry<Manor>(db, "manors", id);
  if (!manor) return null;
  const materialIds = [
    ...manor.levels.flatMap((level) => level.upgradeCost?.materials ?? []),
    ...manor.buildings.flatMap((building) => building.levels.flatMap((level) => level.materials)),
  ].map((stack) => stack.item);
  const [rates, district, items] = await Promise.all([
    listKind<TaxRate>(db, "taxRates"),
    getEntry<District>(db, "districts", manor.district),
    itemNames(db, materialIds),
  ]);
  return {
    manor,
    district: { id: manor.district, name: district?.name ?? null },
    tax: manorTax(rates, manor.id),
    items,
  };
}
