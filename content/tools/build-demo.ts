/**
 * Regenerates the demo content pack in content/demo/ from the hand-written parts in ./demo/.
 * Run from the repo root: ./node_modules/.bin/node content/tools/build-demo.ts
 * The written JSON is committed; this script only exists so that 170 items stay consistent.
 */
import { fileURLToPath } from "node:url";
import { loadPack, writePack } from "../../server/content/load-pack.ts";
import type { ContentPack } from "../../universal/content/pack-schema.ts";
import { craftDepth, indexRecipesByOutput } from "../../universal/content/recipe-tree.ts";
import { buildClasses, buildMounts, buildPets, buildRunesAndSets, buildTalismans } from "./demo/catalog.ts";
import { buildGuides, buildRules } from "./demo/guides.ts";
import { buildItemsAndRecipes } from "./demo/items.ts";
import { t } from "./demo/text.ts";
import { buildEvents, buildLevels, buildSeasons } from "./demo/time.ts";
import { MAP_HEIGHT, MAP_WIDTH, buildDistricts, buildManors, buildServers, buildTaxRates, drawMapSvg } from "./demo/world.ts";

const DEMO_DIR = fileURLToPath(new URL("../demo/", import.meta.url));

function buildDemoPack(): ContentPack {
  const { items, recipes } = buildItemsAndRecipes();
  const { runeSets, runes } = buildRunesAndSets();
  // The generators return plain objects; writePack validates them against the schemas.
  return {
    manifest: {
      format: 1,
      id: "cloudfall-demo",
      version: "1.0.0",
      name: t("Lạc Vân (gói minh họa)", "Cloudfall (demo pack)"),
      description: t(
        "Thế giới minh họa được viết riêng cho Minithings Companion: lục địa Lạc Vân, nơi Thiên Thành đã rơi xuống ba trăm năm trước. Mọi tên gọi và số liệu đều là hư cấu.",
        "A demo world written for Minithings Companion: the continent of Cloudfall, where the Sky Citadel fell three hundred years ago. Every name and number is fictional.",
      ),
      map: { file: "map.svg", width: MAP_WIDTH, height: MAP_HEIGHT },
    },
    mapSvg: drawMapSvg(),
    classes: buildClasses(),
    items,
    recipes,
    mounts: buildMounts(),
    pets: buildPets(),
    runeSets,
    runes,
    talismans: buildTalismans(),
    seasons: buildSeasons(),
    levels: buildLevels(),
    events: buildEvents(),
    guides: buildGuides(),
    rules: buildRules(),
    districts: buildDistricts(),
    manors: buildManors(),
    servers: buildServers(),
    taxRates: buildTaxRates(),
  } as unknown as ContentPack;
}

const pack = buildDemoPack();
await writePack(pack, DEMO_DIR);
const loaded = await loadPack(DEMO_DIR);
const index = indexRecipesByOutput(loaded.recipes);
const depths = loaded.recipes.map((r) => craftDepth(index, r.output.item));
console.log(
  [
    `classes ${loaded.classes.length}`,
    `items ${loaded.items.length}`,
    `recipes ${loaded.recipes.length} (max depth ${Math.max(...depths)})`,
    `mounts ${loaded.mounts.length}`,
    `pets ${loaded.pets.length}`,
    `rune sets ${loaded.runeSets.length}`,
    `runes ${loaded.runes.length}`,
    `talismans ${loaded.talismans.length}`,
    `seasons ${loaded.seasons.length}`,
    `levels ${loaded.levels.length}`,
    `events ${loaded.events.length}`,
    `guides ${loaded.guides.length}`,
    `rules ${loaded.rules.length}`,
    `districts ${loaded.districts.length} (markers ${loaded.districts.flatMap((d) => d.markers).length})`,
    `manors ${loaded.manors.length}`,
    `servers ${loaded.servers.length}`,
    `tax rates ${loaded.taxRates.length}`,
  ].join("\n"),
);
