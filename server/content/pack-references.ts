/**
 * Checks that span entries and files, run after every file passed its schema: unique ids,
 * references between kinds, recipe cycles, icons, the map, markdown links, date and level order.
 */
import { isInsidePolygon, type MapInfo, type Point } from "./map-svg.ts";
import { findEntryLinks, findHeadings } from "./markdown-links.ts";
import type { PackProblem } from "./pack-error.ts";
import { PACK_KINDS, type ContentPack, type EntryRefKind, type PackKind } from "../../universal/content/pack-schema.ts";
import { findRecipeCycles } from "../../universal/content/recipe-tree.ts";

type Report = (kind: PackKind, index: number, path: string, message: string) => void;

type Context = {
  pack: ContentPack;
  icons: ReadonlySet<string>;
  map: MapInfo;
  /** Ids of every kind that `kind:id` references can point at. */
  ids: Record<EntryRefKind, Set<string>>;
  report: Report;
};

export function checkReferences(pack: ContentPack, icons: ReadonlySet<string>, map: MapInfo): PackProblem[] {
  const problems: PackProblem[] = [];
  const report: Report = (kind, index, path, message) => {
    const entry = pack[kind][index] as { id?: string } | undefined;
    problems.push({ file: PACK_KINDS[kind].file, index, id: entry?.id, path: path || undefined, message });
  };
  const context: Context = { pack, icons, map, ids: collectIds(pack), report };
  checkUniqueIds(context);
  checkIconsItemsAndRefs(context);
  checkClasses(context);
  checkItems(context);
  checkRecipes(context);
  checkRunes(context);
  checkSeasons(context);
  checkLevels(context);
  checkEvents(context);
  checkMarkdown(context);
  checkDistricts(context);
  checkManors(context);
  checkTaxRates(context);
  return problems;
}

function collectIds(pack: ContentPack): Record<EntryRefKind, Set<string>> {
  const ids = <T extends { id: string }>(entries: readonly T[]) => new Set(entries.map((e) => e.id));
  return {
    class: ids(pack.classes),
    item: ids(pack.items),
    recipe: ids(pack.recipes),
    mount: ids(pack.mounts),
    pet: ids(pack.pets),
    rune: ids(pack.runes),
    "rune-set": ids(pack.runeSets),
    talisman: ids(pack.talismans),
    season: ids(pack.seasons),
    event: ids(pack.events),
    guide: ids(pack.guides),
    rule: ids(pack.rules),
    district: ids(pack.districts),
    marker: ids(pack.districts.flatMap((d) => d.markers)),
    manor: ids(pack.manors),
    server: ids(pack.servers),
  };
}

function refExists(context: Context, ref: string): boolean {
  const [kind, id] = ref.split(":") as [EntryRefKind, string];
  return context.ids[kind]?.has(id) ?? false;
}

/** Reports the second and later use of an id among `ids` (entries, or nested ones like skills). */
function reportDuplicates(ids: readonly string[], onDuplicate: (index: number, id: string) => void) {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) onDuplicate(index, id);
    seen.add(id);
  });
}

function checkUniqueIds({ pack, report }: Context) {
  for (const kind of Object.keys(PACK_KINDS) as PackKind[]) {
    reportDuplicates(
      (pack[kind] as { id: string }[]).map((e) => e.id),
      (index, id) => report(kind, index, "id", `Duplicate id "${id}" in ${PACK_KINDS[kind].file}`),
    );
  }
  const markers = pack.districts.flatMap((d, di) => d.markers.map((m, mi) => ({ id: m.id, di, mi })));
  reportDuplicates(
    markers.map((m) => m.id),
    (index, id) => report("districts", markers[index]!.di, `markers[${markers[index]!.mi}].id`, `Duplicate marker id "${id}"`),
  );
  pack.classes.forEach((c, ci) =>
    reportDuplicates(
      c.skills.map((s) => s.id),
      (index, id) => report("classes", ci, `skills[${index}].id`, `Duplicate skill id "${id}"`),
    ),
  );
  pack.manors.forEach((m, mi) =>
    reportDuplicates(
      m.buildings.map((b) => b.id),
      (index, id) => report("manors", mi, `buildings[${index}].id`, `Duplicate building id "${id}"`),
    ),
  );
  pack.seasons.forEach((s, si) =>
    reportDuplicates(
      s.rewardTiers.map((t) => t.id),
      (index, id) => report("seasons", si, `rewardTiers[${index}].id`, `Duplicate reward tier id "${id}"`),
    ),
  );
}

/**
 * Walks every entry for the fields that have one meaning wherever they appear: `icon` (must exist
 * in the icon set), `item` (an item stack: must be an item), `source`/`ref`/`additions` (kind:id).
 */
function checkIconsItemsAndRefs(context: Context) {
  const { pack, icons, ids, report } = context;
  for (const kind of Object.keys(PACK_KINDS) as PackKind[]) {
    (pack[kind] as unknown[]).forEach((entry, index) =>
      walkFields(entry, "", (key, value, path) => {
        if (typeof value !== "string") return;
        if (key === "icon" && !icons.has(value.slice("game-icons:".length))) report(kind, index, path, `Unknown icon "${value}"`);
        if (key === "item" && !ids.item.has(value)) report(kind, index, path, `Unknown item "${value}"`);
        if ((key === "source" || key === "ref" || key === "additions") && !refExists(context, value)) {
          report(kind, index, path, `Reference "${value}" points at no entry`);
        }
      }),
    );
  }
}

/** Calls `visit` for every field, with the key (for an array element: the array's key) and path. */
function walkFields(value: unknown, path: string, visit: (key: string, value: unknown, path: string) => void, key = "") {
  if (Array.isArray(value)) {
    value.forEach((element, i) => {
      visit(key, element, `${path}[${i}]`);
      if (typeof element === "object" && element !== null) walkFields(element, `${path}[${i}]`, visit, key);
    });
  } else if (typeof value === "object" && value !== null) {
    for (const [childKey, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${childKey}` : childKey;
      if (!Array.isArray(child)) visit(childKey, child, childPath);
      if (typeof child === "object" && child !== null) walkFields(child, childPath, visit, childKey);
    }
  }
}

function checkClasses({ pack, ids, report }: Context) {
  const itemsById = new Map(pack.items.map((item) => [item.id, item]));
  pack.classes.forEach((gameClass, index) => {
    const lists = [
      ["items", ids.item],
      ["runeSets", ids["rune-set"]],
      ["talismans", ids.talisman],
      ["pets", ids.pet],
      ["mounts", ids.mount],
    ] as const;
    for (const [field, known] of lists) {
      gameClass.recommended[field].forEach((id, i) => {
        if (!known.has(id)) report("classes", index, `recommended.${field}[${i}]`, `Unknown ${field} entry "${id}"`);
      });
    }
    gameClass.recommended.items.forEach((id, i) => {
      const item = itemsById.get(id);
      if (item && item.classes.length > 0 && !item.classes.includes(gameClass.id)) {
        report("classes", index, `recommended.items[${i}]`, `Recommends "${id}", which this class cannot use`);
      }
    });
  });
}

const EQUIPMENT_TYPES = new Set(["weapon", "offhand", "armor", "accessory"]);

function checkItems({ pack, ids, report }: Context) {
  const crafted = new Set(pack.recipes.map((r) => r.output.item));
  pack.items.forEach((item, index) => {
    item.classes.forEach((id, i) => {
      if (!ids.class.has(id)) report("items", index, `classes[${i}]`, `Unknown class "${id}"`);
    });
    const isEquipment = EQUIPMENT_TYPES.has(item.type);
    if (isEquipment && !item.slot) report("items", index, "slot", `A ${item.type} needs a slot`);
    if (!isEquipment && item.slot) report("items", index, "slot", `A ${item.type} has no slot`);
    if (item.type === "weapon" && (!item.weaponType || item.slot !== "mainHand")) {
      report("items", index, "weaponType", "A weapon needs a weaponType and the mainHand slot");
    }
    if (item.type !== "weapon" && item.weaponType) report("items", index, "weaponType", "Only weapons have a weaponType");
    item.obtain.forEach((way, i) => {
      if (way.method === "craft" && !crafted.has(item.id))
        report("items", index, `obtain[${i}].method`, "Says craft, but no recipe makes it");
    });
  });
}

function checkRecipes({ pack, report }: Context) {
  const indexByOutput = new Map(pack.recipes.map((r, i) => [r.output.item, i]));
  pack.recipes.forEach((recipe, index) => {
    recipe.inputs.forEach((input, i) => {
      if (input.item === recipe.output.item) report("recipes", index, `inputs[${i}].item`, "A recipe cannot use its own output");
    });
  });
  for (const cycle of findRecipeCycles(pack.recipes)) {
    if (cycle.length <= 2) continue; // a recipe using its own output, reported above
    const index = indexByOutput.get(cycle[0]!) ?? 0;
    report("recipes", index, "inputs", `Recipe cycle: ${cycle.join(" -> ")}`);
  }
}

function checkRunes({ pack, report }: Context) {
  const positionsBySet = new Map<string, Set<number>>();
  pack.runes.forEach((rune, index) => {
    if (!pack.runeSets.some((set) => set.id === rune.set)) report("runes", index, "set", `Unknown rune set "${rune.set}"`);
    const positions = positionsBySet.get(rune.set) ?? new Set<number>();
    if (positions.has(rune.position))
      report("runes", index, "position", `Set "${rune.set}" already has a rune at position ${rune.position}`);
    positions.add(rune.position);
    positionsBySet.set(rune.set, positions);
  });
  pack.runeSets.forEach((set, index) => {
    const runeCount = positionsBySet.get(set.id)?.size ?? 0;
    set.bonuses.forEach((bonus, i) => {
      if (bonus.pieces > runeCount)
        report("runeSets", index, `bonuses[${i}].pieces`, `Needs ${bonus.pieces} runes, the set has ${runeCount}`);
    });
  });
}

function checkSeasons({ pack, report }: Context) {
  const byStart = pack.seasons
    .map((season, index) => ({ season, index }))
    .sort((a, b) => Date.parse(a.season.startsAt) - Date.parse(b.season.startsAt));
  byStart.forEach(({ season, index }, i) => {
    if (Date.parse(season.endsAt) <= Date.parse(season.startsAt)) report("seasons", index, "endsAt", "Ends before it starts");
    const previous = byStart[i - 1];
    if (previous && Date.parse(previous.season.endsAt) > Date.parse(season.startsAt)) {
      report("seasons", index, "startsAt", `Overlaps season "${previous.season.id}"`);
    }
    season.rewardTiers.forEach((tier, t) => {
      const before = season.rewardTiers[t - 1];
      if (before && tier.points <= before.points)
        report("seasons", index, `rewardTiers[${t}].points`, "Tiers must need more points in order");
    });
  });
}

function checkLevels({ pack, report }: Context) {
  pack.levels.forEach((level, index) => {
    if (level.level !== index + 1) report("levels", index, "level", `Expected level ${index + 1} (levels are listed 1, 2, 3, … in order)`);
    if (level.id !== `level-${level.level}`) report("levels", index, "id", `Expected id "level-${level.level}"`);
    const isCap = index === pack.levels.length - 1;
    if (isCap && level.xpToNext !== null) report("levels", index, "xpToNext", "The level cap has xpToNext null");
    if (!isCap && level.xpToNext === null) report("levels", index, "xpToNext", "Only the level cap has xpToNext null");
    const previous = pack.levels[index - 1]?.xpToNext;
    if (previous && level.xpToNext !== null && level.xpToNext < previous)
      report("levels", index, "xpToNext", "XP to next level must not decrease");
  });
}

function checkEvents({ pack, ids, report }: Context) {
  pack.events.forEach((event, index) => {
    if (event.district && !ids.district.has(event.district)) report("events", index, "district", `Unknown district "${event.district}"`);
    const schedule = event.schedule;
    if (schedule.type === "fixed" && Date.parse(schedule.endsAt) <= Date.parse(schedule.startsAt)) {
      report("events", index, "schedule.endsAt", "Ends before it starts");
    }
  });
}

/** Links must resolve in both languages, and both languages must have the same headings count. */
function checkMarkdown(context: Context) {
  const check = (kind: "guides" | "rules", index: number, body: { vi: string; en: string }) => {
    for (const language of ["vi", "en"] as const) {
      for (const link of findEntryLinks(body[language])) {
        if (!context.ids[link.kind].has(link.id)) {
          context.report(kind, index, `body.${language}`, `Link [${link.text}](${link.kind}:${link.id}) points at no entry`);
        }
      }
    }
    const vi = findHeadings(body.vi).length;
    const en = findHeadings(body.en).length;
    if (vi !== en) context.report(kind, index, "body", `Headings differ between languages (vi ${vi}, en ${en})`);
  };
  context.pack.guides.forEach((guide, index) => check("guides", index, guide.body));
  context.pack.rules.forEach((rule, index) => check("rules", index, rule.body));
}

function insideMap(map: MapInfo, point: Point): boolean {
  const box = map.viewBox;
  return !box || (point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height);
}

/** Inside the region's polygon when the region is one, else inside the map. */
function insideRegion(map: MapInfo, region: string, point: Point): boolean {
  const polygon = map.polygons.get(region);
  return polygon ? isInsidePolygon(point, polygon) : insideMap(map, point);
}

function checkDistricts({ pack, map, ids, report }: Context) {
  pack.districts.forEach((district, index) => {
    if (district.owner?.server && !ids.server.has(district.owner.server))
      report("districts", index, "owner.server", `Unknown server "${district.owner.server}"`);
    if (!map.ids.has(district.region)) report("districts", index, "region", `The map has no element with id "${district.region}"`);
    if (district.levelRange.min > district.levelRange.max) report("districts", index, "levelRange", "min is above max");
    if (district.owner && !district.pvp) report("districts", index, "owner", "A safe zone (pvp false) cannot be held by a clan");
    if (!insideRegion(map, district.region, district.labelPosition))
      report("districts", index, "labelPosition", "Outside the district's region");
    district.markers.forEach((marker, i) => {
      if (!insideRegion(map, district.region, marker.position))
        report("districts", index, `markers[${i}].position`, "Outside the district's region");
      if (marker.kind === "portal" && !marker.ref?.startsWith("district:")) {
        report("districts", index, `markers[${i}].ref`, "A portal needs ref district:<where it leads>");
      }
    });
  });
}

function checkManors({ pack, map, ids, report }: Context) {
  pack.manors.forEach((manor, index) => {
    if (manor.owner?.server && !ids.server.has(manor.owner.server))
      report("manors", index, "owner.server", `Unknown server "${manor.owner.server}"`);
    const district = pack.districts.find((d) => d.id === manor.district);
    if (!district) report("manors", index, "district", `Unknown district "${manor.district}"`);
    else if (!insideRegion(map, district.region, manor.position)) report("manors", index, "position", "Outside its district's region");
    manor.levels.forEach((level, i) => {
      if (level.level !== i + 1) report("manors", index, `levels[${i}].level`, `Expected level ${i + 1}`);
      if (i === 0 && level.upgradeCost) report("manors", index, `levels[${i}].upgradeCost`, "Level 1 has no upgrade cost");
      if (i > 0 && !level.upgradeCost) report("manors", index, `levels[${i}].upgradeCost`, "Levels above 1 need an upgrade cost");
    });
    manor.buildings.forEach((building, i) => {
      if (building.unlockManorLevel > manor.levels.length) {
        report("manors", index, `buildings[${i}].unlockManorLevel`, `The manor only goes to level ${manor.levels.length}`);
      }
    });
  });
}

function checkTaxRates({ pack, ids, report }: Context) {
  const seen = new Set<string>();
  pack.taxRates.forEach((rate, index) => {
    const known = rate.scope === "district" ? ids.district : ids.manor;
    if (!known.has(rate.target)) report("taxRates", index, "target", `Unknown ${rate.scope} "${rate.target}"`);
    const key = `${rate.scope}:${rate.target}`;
    if (seen.has(key)) report("taxRates", index, "target", `A second tax rate for ${key}`);
    seen.add(key);
  });
}
