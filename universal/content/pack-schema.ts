/**
 * The content pack format (format 1): one JSON file per kind, each validated by the schema below.
 * content/README.md documents every field; keep the two in step.
 *
 * Objects are strict (an unknown key is an error) so that a typo in a hand-edited file is reported
 * instead of silently ignored. Zod outputs object keys in the order of the shape, which is what
 * gives written files a stable key order: the order of the fields here is part of the format.
 */
import { z } from "zod";
import { ID_PATTERN } from "./pack-id.ts";
import { STAT_KEYS } from "./stats.ts";

export const PACK_FORMAT = 1;

/** Lower-case words joined by single hyphens: stable in URLs (`?id=`) and in `kind:id` links. */
export { ID_PATTERN };

export const id = z.string().regex(ID_PATTERN, "Expected an id of lower-case words joined by hyphens (e.g. ember-sword)");

/** Texts are NFC so that a search index and string comparison see one spelling of "Giáp". */
const text = z
  .string()
  .min(1)
  .refine((value) => value === value.normalize("NFC"), "Text must be Unicode NFC (precomposed)");

export const localized = z.strictObject({ vi: text, en: text });

/** `game-icons:<name>`; that the name exists in @iconify-json/game-icons is checked at load. */
export const icon = z.string().regex(/^game-icons:[a-z0-9]+(-[a-z0-9]+)*$/, "Expected an icon like game-icons:broadsword");

/** An absolute date-time with an explicit offset (game time is UTC+7: `2026-11-22T20:00:00+07:00`). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A reference to an entry of another kind, `kind:id`, the same syntax as markdown links. */
export const ENTRY_REF_KINDS = [
  "class",
  "item",
  "recipe",
  "mount",
  "pet",
  "rune",
  "rune-set",
  "talisman",
  "season",
  "event",
  "guide",
  "rule",
  "district",
  "marker",
  "manor",
  "server",
] as const;
export const entryRefKind = z.enum(ENTRY_REF_KINDS);
export const entryRef = z
  .string()
  .regex(new RegExp(`^(${ENTRY_REF_KINDS.join("|")}):[a-z0-9]+(-[a-z0-9]+)*$`), "Expected a reference kind:id (e.g. item:ember-sword)");

export const RARITIES = ["common", "uncommon", "rare", "epic", "legendary"] as const;
export const rarity = z.enum(RARITIES);

/** Known stat keys (app/shared/content/stats.ts); percentages (critRate, moveSpeed, …) are whole percent points. */
export const statKey = z.enum(STAT_KEYS);
export const stats = z.strictObject(Object.fromEntries(STAT_KEYS.map((key) => [key, z.number().optional()])) as StatShape);
type StatShape = { [K in (typeof STAT_KEYS)[number]]: z.ZodOptional<z.ZodNumber> };

const positiveInt = z.number().int().positive();
const nonNegativeInt = z.number().int().nonnegative();

export const itemStack = z.strictObject({ item: id, quantity: positiveInt });

// ---------------------------------------------------------------------------------------------
// Manifest

export const packManifest = z.strictObject({
  format: z.literal(PACK_FORMAT),
  id,
  version: z.string().regex(/^\d+\.\d+\.\d+$/, "Expected a version like 1.4.0"),
  name: localized,
  description: localized,
  /** The world map drawn for districts; regions are SVG elements with these ids. */
  map: z.strictObject({ file: z.string().regex(/^[a-z0-9-]+\.svg$/), width: positiveInt, height: positiveInt }),
});

// ---------------------------------------------------------------------------------------------
// Classes

export const CLASS_ROLES = ["tank", "melee", "ranged", "caster", "healer", "support"] as const;
export const WEAPON_TYPES = ["sword", "saber", "spear", "bow", "staff", "fan", "lute"] as const;
export const weaponType = z.enum(WEAPON_TYPES);

export const classSkill = z.strictObject({
  id,
  name: localized,
  description: localized,
  icon,
  unlockLevel: positiveInt,
  cooldownSeconds: z.number().nonnegative(),
  manaCost: nonNegativeInt,
});

export const gameClass = z.strictObject({
  id,
  name: localized,
  icon,
  role: z.enum(CLASS_ROLES),
  difficulty: z.number().int().min(1).max(3),
  summary: localized,
  description: localized,
  weapons: z.array(weaponType).min(1),
  baseStats: stats,
  statsPerLevel: stats,
  skills: z.array(classSkill).min(1),
  recommended: z.strictObject({
    items: z.array(id),
    runeSets: z.array(id),
    talismans: z.array(id),
    pets: z.array(id),
    mounts: z.array(id),
  }),
});

// ---------------------------------------------------------------------------------------------
// Items

export const ITEM_TYPES = ["weapon", "offhand", "armor", "accessory", "material", "consumable", "quest"] as const;
export const ITEM_SLOTS = ["mainHand", "offHand", "head", "chest", "legs", "hands", "feet", "neck", "ring"] as const;
export const OBTAIN_METHODS = ["craft", "drop", "gather", "shop", "quest", "event", "season", "trade"] as const;

/** One way to get an entry; `source` points at where (a marker, district, event, season, …). */
export const obtainMethod = z.strictObject({
  method: z.enum(OBTAIN_METHODS),
  source: entryRef.optional(),
  note: localized.optional(),
});

export const item = z.strictObject({
  id,
  name: localized,
  description: localized,
  icon,
  type: z.enum(ITEM_TYPES),
  /** Equipment slot; absent for materials, consumables and quest items. */
  slot: z.enum(ITEM_SLOTS).optional(),
  weaponType: weaponType.optional(),
  level: z.number().int().min(1),
  rarity,
  tags: z.array(id),
  /** Classes that may equip or use it; empty means every class. */
  classes: z.array(id),
  stats,
  obtain: z.array(obtainMethod).min(1),
  stackSize: positiveInt,
  sellPrice: nonNegativeInt,
});

// ---------------------------------------------------------------------------------------------
// Recipes

export const CRAFT_STATIONS = ["forge", "workbench", "loom", "tannery", "alchemy", "jeweler", "kitchen"] as const;

export const recipe = z.strictObject({
  id,
  name: localized,
  station: z.enum(CRAFT_STATIONS),
  requiredLevel: z.number().int().min(1),
  output: itemStack,
  /** Each item once, with the total quantity. */
  inputs: z
    .array(itemStack)
    .min(1)
    .superRefine((inputs, context) => {
      const seen = new Set<string>();
      inputs.forEach((input, index) => {
        if (seen.has(input.item))
          context.addIssue({
            code: "custom",
            path: [index, "item"],
            message: `'${input.item}' is already an input: give it once, with the total quantity`,
          });
        seen.add(input.item);
      });
    }),
  goldCost: nonNegativeInt,
  /** Chance in percent (1–100) that one craft succeeds; failed crafts consume the inputs. */
  successRate: z.number().min(1).max(100),
  craftSeconds: nonNegativeInt,
});

// ---------------------------------------------------------------------------------------------
// Mounts, pets, runes, talismans

export const MOUNT_TERRAINS = ["ground", "water", "air"] as const;

export const mount = z.strictObject({
  id,
  name: localized,
  description: localized,
  icon,
  rarity,
  level: z.number().int().min(1),
  tags: z.array(id),
  terrains: z.array(z.enum(MOUNT_TERRAINS)).min(1),
  /** Movement speed bonus in percent while riding. */
  speedBonus: z.number().nonnegative(),
  seats: z.number().int().min(1).max(4),
  stats,
  obtain: z.array(obtainMethod).min(1),
});

export const ELEMENTS = ["fire", "water", "wind", "earth", "light", "shadow"] as const;

export const pet = z.strictObject({
  id,
  name: localized,
  description: localized,
  icon,
  rarity,
  level: z.number().int().min(1),
  element: z.enum(ELEMENTS),
  tags: z.array(id),
  stats,
  skill: z.strictObject({ name: localized, description: localized, cooldownSeconds: z.number().nonnegative() }),
  obtain: z.array(obtainMethod).min(1),
});

export const runeSet = z.strictObject({
  id,
  name: localized,
  description: localized,
  icon,
  /** Bonuses granted when `pieces` runes of the set are socketed together. */
  bonuses: z.array(z.strictObject({ pieces: z.number().int().min(2).max(4), stats, effect: localized })).min(1),
});

export const rune = z.strictObject({
  id,
  name: localized,
  icon,
  set: id,
  /** Socket position 1–4; a full set has one rune for each position. */
  position: z.number().int().min(1).max(4),
  rarity,
  level: z.number().int().min(1),
  tags: z.array(id),
  stats,
  obtain: z.array(obtainMethod).min(1),
});

export const talisman = z.strictObject({
  id,
  name: localized,
  description: localized,
  icon,
  rarity,
  level: z.number().int().min(1),
  tags: z.array(id),
  classes: z.array(id),
  stats,
  effect: localized,
  cooldownSeconds: z.number().nonnegative(),
  obtain: z.array(obtainMethod).min(1),
});

// ---------------------------------------------------------------------------------------------
// Seasons and levels

export const seasonRewardTier = z.strictObject({
  id,
  name: localized,
  /** Season points needed to claim this tier. */
  points: nonNegativeInt,
  rewards: z.array(itemStack).min(1),
});

export const season = z.strictObject({
  id,
  number: positiveInt,
  name: localized,
  description: localized,
  icon,
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  rewardTiers: z.array(seasonRewardTier).min(1),
  /** What the season brought into the game: links into the catalog. */
  additions: z.array(entryRef),
});

export const level = z.strictObject({
  id,
  level: positiveInt,
  /** Rank title shown beside the level. */
  name: localized,
  /** XP to go from this level to the next; null at the level cap. */
  xpToNext: positiveInt.nullable(),
  unlocks: z.array(z.strictObject({ text: localized, ref: entryRef.optional() })),
});

// ---------------------------------------------------------------------------------------------
// Events

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Expected a game-time clock HH:MM");

/** When an event happens. Recurring and relative schedules are resolved against `now` at load. */
export const eventSchedule = z.discriminatedUnion("type", [
  /** Every day at each `times` (game time, UTC+7). */
  z.strictObject({ type: z.literal("daily"), times: z.array(clockTime).min(1), durationMinutes: positiveInt }),
  /** Every week on each ISO weekday (1 = Monday … 7 = Sunday) at `time` (game time). */
  z.strictObject({
    type: z.literal("weekly"),
    weekdays: z.array(z.number().int().min(1).max(7)).min(1),
    time: clockTime,
    durationMinutes: positiveInt,
  }),
  /** Hours from 00:00 game time of the day `now` falls in: keeps demo packs alive forever. */
  z.strictObject({ type: z.literal("relative"), startOffsetHours: z.number(), durationHours: z.number().positive() }),
  z.strictObject({ type: z.literal("fixed"), startsAt: isoDateTime, endsAt: isoDateTime }),
]);

export const EVENT_KINDS = ["boss", "pvp", "gathering", "festival", "bonus", "market"] as const;

export const gameEvent = z.strictObject({
  id,
  name: localized,
  description: localized,
  icon,
  kind: z.enum(EVENT_KINDS),
  minLevel: z.number().int().min(1),
  district: id.optional(),
  schedule: eventSchedule,
  rewards: z.array(itemStack),
});

// ---------------------------------------------------------------------------------------------
// Guides and rules (markdown)

export const GUIDE_CATEGORIES = ["beginner", "class", "crafting", "combat", "economy", "events"] as const;

export const guide = z.strictObject({
  id,
  name: localized,
  category: z.enum(GUIDE_CATEGORIES),
  summary: localized,
  icon,
  tags: z.array(id),
  updatedAt: isoDateTime,
  /** Markdown; `[text](kind:id)` links to catalog entries, `##` headings build the table of contents. */
  body: localized,
});

export const rule = z.strictObject({
  id,
  name: localized,
  category: z.enum(["community", "game"]),
  order: nonNegativeInt,
  body: localized,
});

// ---------------------------------------------------------------------------------------------
// World: districts, manors, servers, tax rates

export const MARKER_KINDS = ["npc", "boss", "resource", "portal", "dungeon", "shop", "quest", "waypoint"] as const;

export const point = z.strictObject({ x: z.number(), y: z.number() });

export const marker = z.strictObject({
  id,
  kind: z.enum(MARKER_KINDS),
  name: localized,
  description: localized,
  icon,
  position: point,
  /** Where a portal leads (`district:…`) or what a marker is about (`item:…` for a resource, …). */
  ref: entryRef.optional(),
});

/**
 * The clan holding a district or manor, as the admins record it after each siege. Clan names are
 * players' own, in no particular language.
 */
export const clanHold = z.strictObject({
  clan: z.string().trim().min(1).max(40),
  /** The clan's short tag, shown in brackets: `[TLH]`. */
  tag: z.string().regex(/^[A-Z0-9]{2,5}$/),
  /** The server it plays on (one of the pack's): the map then links the clan's page, `/clan?server=…&tag=…`. */
  server: id.optional(),
  since: isoDateTime,
});

export const district = z.strictObject({
  id,
  name: localized,
  description: localized,
  /** The id of this district's shape in the map SVG. */
  region: z.string().regex(/^[a-z0-9-]+$/),
  /** Where the district's name is drawn on the map. */
  labelPosition: point,
  levelRange: z.strictObject({ min: z.number().int().min(1), max: z.number().int().min(1) }),
  pvp: z.boolean(),
  /** Only open-war (pvp) districts can be held. */
  owner: clanHold.optional(),
  markers: z.array(marker),
});

export const MANOR_BUILDING_KINDS = ["hall", "wall", "workshop", "market", "barracks", "granary", "shrine"] as const;

export const manorLevel = z.strictObject({
  level: positiveInt,
  buildingSlots: positiveInt,
  /** Cost to reach this level from the previous one; absent at level 1. */
  upgradeCost: z.strictObject({ gold: nonNegativeInt, hours: nonNegativeInt, materials: z.array(itemStack) }).optional(),
  bonus: localized,
});

export const manorBuilding = z.strictObject({
  id,
  kind: z.enum(MANOR_BUILDING_KINDS),
  name: localized,
  description: localized,
  icon,
  /** Manor level at which the building can be built. */
  unlockManorLevel: positiveInt,
  /** Cost of each building level, index 0 = building it (level 1). */
  levels: z.array(z.strictObject({ gold: nonNegativeInt, hours: nonNegativeInt, materials: z.array(itemStack), effect: localized })).min(1),
});

export const manor = z.strictObject({
  id,
  name: localized,
  description: localized,
  icon,
  district: id,
  position: point,
  owner: clanHold.optional(),
  levels: z.array(manorLevel).min(1),
  buildings: z.array(manorBuilding).min(1),
});

export const gameServer = z.strictObject({
  id,
  name: localized,
  description: localized,
  language: z.enum(["vi", "en"]),
  status: z.enum(["online", "maintenance", "new", "merged"]),
  openedAt: isoDateTime,
  recommended: z.boolean(),
});

export const taxRate = z.strictObject({
  id,
  scope: z.enum(["district", "manor"]),
  target: id,
  /** Tax on sales made there, in percent of the sale price. */
  percent: z.number().min(0).max(50),
  note: localized.optional(),
});

// ---------------------------------------------------------------------------------------------
// The pack: file name -> schema of its top-level array

export const PACK_KINDS = {
  classes: { file: "classes.json", entry: gameClass },
  items: { file: "items.json", entry: item },
  recipes: { file: "recipes.json", entry: recipe },
  mounts: { file: "mounts.json", entry: mount },
  pets: { file: "pets.json", entry: pet },
  runeSets: { file: "rune-sets.json", entry: runeSet },
  runes: { file: "runes.json", entry: rune },
  talismans: { file: "talismans.json", entry: talisman },
  seasons: { file: "seasons.json", entry: season },
  levels: { file: "levels.json", entry: level },
  events: { file: "events.json", entry: gameEvent },
  guides: { file: "guides.json", entry: guide },
  rules: { file: "rules.json", entry: rule },
  districts: { file: "districts.json", entry: district },
  manors: { file: "manors.json", entry: manor },
  servers: { file: "servers.json", entry: gameServer },
  taxRates: { file: "tax-rates.json", entry: taxRate },
} as const;

export type PackKind = keyof typeof PACK_KINDS;
export const PACK_KIND_NAMES = Object.keys(PACK_KINDS) as PackKind[];
export const MANIFEST_FILE = "pack.json";

export type Localized = z.infer<typeof localized>;
export type Stats = z.infer<typeof stats>;
export type StatKey = z.infer<typeof statKey>;
export type Rarity = z.infer<typeof rarity>;
export type EntryRefKind = z.infer<typeof entryRefKind>;
export type ItemStack = z.infer<typeof itemStack>;
export type ObtainMethod = z.infer<typeof obtainMethod>;
export type PackManifest = z.infer<typeof packManifest>;
export type GameClass = z.infer<typeof gameClass>;
export type Item = z.infer<typeof item>;
export type Recipe = z.infer<typeof recipe>;
export type Mount = z.infer<typeof mount>;
export type Pet = z.infer<typeof pet>;
export type RuneSet = z.infer<typeof runeSet>;
export type Rune = z.infer<typeof rune>;
export type Talisman = z.infer<typeof talisman>;
export type Season = z.infer<typeof season>;
export type Level = z.infer<typeof level>;
export type EventSchedule = z.infer<typeof eventSchedule>;
export type GameEvent = z.infer<typeof gameEvent>;
export type Guide = z.infer<typeof guide>;
export type Rule = z.infer<typeof rule>;
export type Marker = z.infer<typeof marker>;
export type District = z.infer<typeof district>;
export type ClanHold = z.infer<typeof clanHold>;
export type Manor = z.infer<typeof manor>;
export type GameServer = z.infer<typeof gameServer>;
export type TaxRate = z.infer<typeof taxRate>;

/** A whole pack in memory: the manifest, every kind's entries and the map SVG text. */
export type ContentPack = { manifest: PackManifest; mapSvg: string } & {
  [K in PackKind]: z.infer<(typeof PACK_KINDS)[K]["entry"]>[];
};
