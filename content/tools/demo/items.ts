/**
 * Items and recipes of the demo pack, composed from hand-written bilingual parts: weapon families
 * × material tiers, armor sets × slots, accessories, materials (raw → refined → components),
 * consumables and quest items. Every crafted item's recipe is built here too, so the two agree.
 */
import { t, type L } from "./text.ts";

type Stats = Record<string, number>;
type Obtain = { method: string; source?: string; note?: L };
export type ItemEntry = {
  id: string;
  name: L;
  description: L;
  icon: string;
  type: string;
  slot?: string;
  weaponType?: string;
  level: number;
  rarity: string;
  tags: string[];
  classes: string[];
  stats: Stats;
  obtain: Obtain[];
  stackSize: number;
  sellPrice: number;
};
type Stack = { item: string; quantity: number };
export type RecipeEntry = {
  id: string;
  name: L;
  station: string;
  requiredLevel: number;
  output: Stack;
  inputs: Stack[];
  goldCost: number;
  successRate: number;
  craftSeconds: number;
};

const items: ItemEntry[] = [];
const recipes: RecipeEntry[] = [];

const RARITY_PRICE: Record<string, number> = { common: 1, uncommon: 2, rare: 4, epic: 8, legendary: 16 };
const icon = (name: string) => `game-icons:${name}`;
const price = (level: number, rarity: string, base = 10) => Math.round(base * (1 + level / 5) * RARITY_PRICE[rarity]!);

function addItem(entry: Omit<ItemEntry, "sellPrice" | "stackSize"> & { stackSize?: number; sellPrice?: number }) {
  const isEquipment = ["weapon", "offhand", "armor", "accessory"].includes(entry.type);
  items.push({
    ...entry,
    stackSize: entry.stackSize ?? (isEquipment || entry.type === "quest" ? 1 : entry.type === "consumable" ? 99 : 999),
    sellPrice: entry.sellPrice ?? (entry.type === "quest" ? 0 : price(entry.level, entry.rarity, isEquipment ? 40 : 4)),
  });
}

/** Where each crafting station stands: recipes say "craft", the item says where. */
const STATION_NPC: Record<string, string> = {
  forge: "marker:harbor-smith-moc",
  workbench: "marker:forest-hunter-camp",
  tannery: "marker:forest-hunter-camp",
  loom: "marker:plains-windmill-village",
  alchemy: "marker:marsh-herbalist-mai",
  jeweler: "marker:rift-stargazer",
  kitchen: "marker:plains-windmill-village",
};

const STATION_NAME: Record<string, L> = {
  forge: t("Rèn", "Forge"),
  workbench: t("Chế tác", "Craft"),
  tannery: t("Chế tác", "Craft"),
  loom: t("Dệt", "Weave"),
  alchemy: t("Luyện", "Brew"),
  jeweler: t("Chế tác", "Craft"),
  kitchen: t("Nấu", "Cook"),
};

function addRecipe(
  output: string,
  station: string,
  inputs: Stack[],
  options: { level: number; quantity?: number; gold?: number; success?: number; seconds?: number },
) {
  const item = items.find((i) => i.id === output);
  if (!item) throw new Error(`recipe for unknown item ${output}`);
  recipes.push({
    id: `craft-${output}`,
    name: t(`${STATION_NAME[station]!.vi} ${item.name.vi}`, `${STATION_NAME[station]!.en} ${item.name.en}`),
    station,
    requiredLevel: options.level,
    output: { item: output, quantity: options.quantity ?? 1 },
    // One stack per item: a weapon's component and its tier material may be the same item.
    inputs: inputs.reduce<Stack[]>((merged, stack) => {
      const same = merged.find((other) => other.item === stack.item);
      if (same) same.quantity += stack.quantity;
      else merged.push({ ...stack });
      return merged;
    }, []),
    goldCost: options.gold ?? Math.round(50 * (1 + options.level / 4)),
    successRate: options.success ?? 100,
    craftSeconds: options.seconds ?? 5 + options.level,
  });
  const craft: Obtain = { method: "craft", source: STATION_NPC[station] };
  item.obtain = [craft, ...item.obtain.filter((o) => o.method !== "craft")];
}

// ---------------------------------------------------------------------------------------------
// Materials

type MaterialSpec = { id: string; name: L; description: L; icon: string; level: number; rarity: string; obtain: Obtain[]; family: string };

const gather = (marker: string): Obtain => ({ method: "gather", source: `marker:${marker}` });
const shop = (marker: string): Obtain => ({ method: "shop", source: `marker:${marker}` });
const drop = (marker: string, note?: L): Obtain => ({ method: "drop", source: `marker:${marker}`, ...(note ? { note } : {}) });

const RAW_MATERIALS: MaterialSpec[] = [
  {
    id: "iron-ore",
    name: t("Quặng Sắt", "Iron Ore"),
    description: t(
      "Quặng sắt lẫn đá, nặng trĩu tay. Nấu ba viên được một thỏi.",
      "Iron ore still in its rock, heavy in the hand. Three make an ingot.",
    ),
    icon: "ore",
    level: 1,
    rarity: "common",
    obtain: [gather("harbor-iron-quarry")],
    family: "metal",
  },
  {
    id: "silverbamboo-stalk",
    name: t("Thân Trúc Ngân", "Silverbamboo Stalk"),
    description: t(
      "Đốt trúc thân bạc, nhẹ mà dẻo, phát sáng mờ khi trời tối.",
      "A silver-skinned bamboo cane, light and supple, faintly glowing after dark.",
    ),
    icon: "bamboo",
    level: 15,
    rarity: "common",
    obtain: [gather("forest-bamboo-grove")],
    family: "wood",
  },
  {
    id: "beast-hide",
    name: t("Da Thú Sống", "Raw Hide"),
    description: t("Da hươu, lợn rừng chưa thuộc. Để lâu sẽ bốc mùi.", "Untanned deer and boar hide. It starts to smell if kept too long."),
    icon: "animal-hide",
    level: 10,
    rarity: "common",
    obtain: [gather("forest-beast-den"), drop("harbor-stonecrab")],
    family: "leather",
  },
  {
    id: "cloudsilk-cocoon",
    name: t("Kén Tằm Mây", "Cloudsilk Cocoon"),
    description: t(
      "Kén trắng như mây của loài tằm ăn lá dâu ngoài đồng gió.",
      "Cloud-white cocoons spun by the silkworms of the windy mulberry fields.",
    ),
    icon: "egg-clutch",
    level: 8,
    rarity: "common",
    obtain: [gather("plains-cocoon-mulberry")],
    family: "cloth",
  },
  {
    id: "wind-feather",
    name: t("Lông Vũ Gió", "Wind Feather"),
    description: t(
      "Lông chim gió rụng quanh tổ, cầm lên thấy nhẹ bẫng như không.",
      "Shed by wind birds around their nests; it weighs almost nothing.",
    ),
    icon: "feather",
    level: 10,
    rarity: "common",
    obtain: [gather("plains-feather-field"), drop("plains-scarecrow")],
    family: "cloth",
  },
  {
    id: "amber-resin",
    name: t("Nhựa Hổ Phách", "Amber Resin"),
    description: t(
      "Nhựa cây đầm lầy đông lại, còn dính tay. Thợ kim hoàn mài thành hổ phách.",
      "Hardened marsh sap, still tacky. Jewelers polish it into amber.",
    ),
    icon: "drop",
    level: 25,
    rarity: "uncommon",
    obtain: [gather("marsh-amber-trees")],
    family: "gem",
  },
  {
    id: "firefly-dust",
    name: t("Bụi Đom Đóm", "Firefly Dust"),
    description: t(
      "Bụi sáng lấp lánh rơi từ cánh đom đóm; dùng pha mực và luyện thuốc.",
      "Glittering dust shaken from firefly wings; used in inks and potions.",
    ),
    icon: "sparkles",
    level: 25,
    rarity: "uncommon",
    obtain: [gather("marsh-firefly-hollow")],
    family: "alchemy",
  },
  {
    id: "spirit-herb",
    name: t("Linh Thảo", "Spirit Herb"),
    description: t(
      "Loại cỏ thuốc mọc quanh các mảnh tinh thạch, lá có gân xanh phát sáng.",
      "A medicinal herb that grows around star crystals, its leaves veined with glowing green.",
    ),
    icon: "herbs-bundle",
    level: 5,
    rarity: "common",
    obtain: [shop("marsh-herbalist-mai"), shop("harbor-market")],
    family: "alchemy",
  },
  {
    id: "frost-shard",
    name: t("Mảnh Băng Lam", "Bluefrost Shard"),
    description: t(
      "Băng ngấm ánh tinh thạch nên không bao giờ tan, lạnh buốt cả qua găng tay.",
      "Ice soaked in star-crystal light that never melts, cold even through gloves.",
    ),
    icon: "ice-cube",
    level: 55,
    rarity: "uncommon",
    obtain: [gather("peaks-frost-vein"), drop("peaks-elder-wolf")],
    family: "crystal",
  },
  {
    id: "ember-coal",
    name: t("Than Hỏa Diệm", "Ember Coal"),
    description: t(
      "Than đá từ lòng núi lửa, vẫn âm ỉ cháy sau nhiều ngày.",
      "Coal from the volcano's heart that keeps smouldering for days.",
    ),
    icon: "coal-pile",
    level: 70,
    rarity: "rare",
    obtain: [gather("ember-coal-seam")],
    family: "crystal",
  },
  {
    id: "star-fragment",
    name: t("Mảnh Tinh Thạch", "Star Fragment"),
    description: t(
      "Mảnh vỡ của Thiên Thành, nóng ấm và khẽ ngân lên khi chạm vào nhau.",
      "A splinter of the Sky Citadel, warm to the touch, humming when two meet.",
    ),
    icon: "crystal-shine",
    level: 45,
    rarity: "rare",
    obtain: [gather("dunes-star-fragments"), gather("rift-crystal-forest")],
    family: "crystal",
  },
  {
    id: "sea-salt",
    name: t("Muối Biển", "Sea Salt"),
    description: t(
      "Muối phơi trên bãi cát Cảng Sương Mù, dùng nấu ăn và thuộc da.",
      "Salt dried on Mistharbor's beaches, for cooking and tanning.",
    ),
    icon: "powder",
    level: 1,
    rarity: "common",
    obtain: [shop("harbor-market")],
    family: "food",
  },
  {
    id: "sticky-rice",
    name: t("Gạo Nếp", "Sticky Rice"),
    description: t("Gạo nếp thơm của Đồng Lúa Gió, hạt tròn và dẻo.", "Fragrant sticky rice from the Windfield Plains, round and chewy."),
    icon: "wheat",
    level: 1,
    rarity: "common",
    obtain: [shop("plains-windmill-village")],
    family: "food",
  },
  {
    id: "fresh-fish",
    name: t("Cá Tươi", "Fresh Fish"),
    description: t("Cá biển vừa lên bến sáng nay, phải nấu trong ngày.", "Sea fish landed this morning; cook it today."),
    icon: "fish-cooked",
    level: 1,
    rarity: "common",
    obtain: [shop("harbor-market"), { method: "gather", note: t("Câu cá ở bất kỳ bến nước nào.", "Fish at any jetty.") }],
    family: "food",
  },
];

const CRAFTED_MATERIALS: (MaterialSpec & { tier: "refined" | "component" })[] = [
  {
    id: "iron-ingot",
    name: t("Thỏi Sắt", "Iron Ingot"),
    description: t("Sắt đã luyện, nền tảng của mọi món đồ rèn.", "Smelted iron, the base of everything forged."),
    icon: "metal-bar",
    level: 1,
    rarity: "common",
    obtain: [],
    family: "metal",
    tier: "refined",
  },
  {
    id: "bamboo-plank",
    name: t("Ván Trúc Ngân", "Silverbamboo Plank"),
    description: t(
      "Trúc ngân chẻ và ép thành ván, dùng làm cánh cung, thân đàn, cán trượng.",
      "Split and pressed silverbamboo, for bow limbs, lute bodies and staff shafts.",
    ),
    icon: "wood-beam",
    level: 15,
    rarity: "common",
    obtain: [drop("forest-silver-tiger")],
    family: "wood",
    tier: "refined",
  },
  {
    id: "tanned-leather",
    name: t("Da Thuộc", "Tanned Leather"),
    description: t("Da đã thuộc bằng muối biển, bền và mềm.", "Leather cured with sea salt, tough and soft."),
    icon: "leather-vest",
    level: 10,
    rarity: "common",
    obtain: [],
    family: "leather",
    tier: "refined",
  },
  {
    id: "cloudsilk-cloth",
    name: t("Vải Lụa Mây", "Cloudsilk Cloth"),
    description: t(
      "Lụa dệt từ kén tằm mây, mỏng như sương mà bền như dây cung.",
      "Silk woven from cloudsilk cocoons, thin as mist yet strong as a bowstring.",
    ),
    icon: "rolled-cloth",
    level: 8,
    rarity: "common",
    obtain: [],
    family: "cloth",
    tier: "refined",
  },
  {
    id: "silversteel-ingot",
    name: t("Thỏi Thép Ngân", "Silversteel Ingot"),
    description: t(
      "Thép luyện bằng than trúc ngân, ánh bạc và dẻo dai hơn sắt thường.",
      "Steel fired with silverbamboo charcoal, silver-sheened and tougher than iron.",
    ),
    icon: "gold-bar",
    level: 20,
    rarity: "uncommon",
    obtain: [],
    family: "metal",
    tier: "refined",
  },
  {
    id: "polished-amber",
    name: t("Hổ Phách Mài", "Polished Amber"),
    description: t("Hổ phách mài bóng; giữ hơi ấm và khuếch đại linh lực.", "Polished amber that holds warmth and amplifies spirit power."),
    icon: "amber-mosquito",
    level: 30,
    rarity: "rare",
    obtain: [drop("marsh-sunken-temple")],
    family: "gem",
    tier: "refined",
  },
  {
    id: "spirit-ink",
    name: t("Mực Linh Thảo", "Spirit Ink"),
    description: t(
      "Mực pha từ linh thảo và bụi đom đóm, chữ viết ra tự phát sáng.",
      "Ink of spirit herb and firefly dust; what it writes glows.",
    ),
    icon: "quill-ink",
    level: 25,
    rarity: "uncommon",
    obtain: [],
    family: "alchemy",
    tier: "refined",
  },
  {
    id: "bowstring",
    name: t("Dây Cung Lụa Mây", "Cloudsilk Bowstring"),
    description: t(
      "Dây cung bện lụa mây và lông vũ gió, bắn xa mà không rung.",
      "Cloudsilk braided with wind feathers: long shots, no twang.",
    ),
    icon: "bow-string",
    level: 20,
    rarity: "uncommon",
    obtain: [],
    family: "cloth",
    tier: "refined",
  },
  {
    id: "frost-crystal",
    name: t("Tinh Thể Băng", "Frost Crystal"),
    description: t(
      "Mảnh băng lam được kết tinh bằng linh thảo, lạnh đến mức làm tôi được thép.",
      "Bluefrost shards crystallised with spirit herb, cold enough to quench steel.",
    ),
    icon: "crystal-bars",
    level: 55,
    rarity: "rare",
    obtain: [],
    family: "crystal",
    tier: "refined",
  },
  {
    id: "ember-core",
    name: t("Lõi Hỏa Diệm", "Ember Core"),
    description: t(
      "Than hỏa diệm nén lại và tôi trong tinh thể băng: một trái tim lửa không bao giờ tắt.",
      "Ember coal pressed and quenched in frost crystal: a heart of fire that never dies.",
    ),
    icon: "fire-gem",
    level: 70,
    rarity: "epic",
    obtain: [],
    family: "crystal",
    tier: "refined",
  },
  {
    id: "starstone",
    name: t("Tinh Thạch Hợp Nhất", "Fused Starstone"),
    description: t(
      "Năm mảnh tinh thạch hàn lại bằng lõi hỏa diệm. Người ta nói nó vẫn nhớ bầu trời.",
      "Five star fragments welded with an ember core. They say it still remembers the sky.",
    ),
    icon: "star-formation",
    level: 85,
    rarity: "legendary",
    obtain: [],
    family: "crystal",
    tier: "refined",
  },
  {
    id: "blade-blank",
    name: t("Phôi Lưỡi Rèn", "Blade Blank"),
    description: t(
      "Lưỡi thép thô đã bọc chuôi da, chờ tôi luyện thành kiếm, đao hay mũi thương.",
      "A rough steel blade with a leather-wrapped tang, waiting to become a sword, saber or spearhead.",
    ),
    icon: "sword-smithing",
    level: 15,
    rarity: "common",
    obtain: [],
    family: "metal",
    tier: "component",
  },
  {
    id: "staff-core",
    name: t("Lõi Pháp Trượng", "Staff Core"),
    description: t(
      "Hổ phách khắc bùa bằng mực linh thảo, lắp trên cán trúc ngân.",
      "Amber carved with spirit-ink sigils, set on a silverbamboo shaft.",
    ),
    icon: "orb-wand",
    level: 20,
    rarity: "uncommon",
    obtain: [],
    family: "gem",
    tier: "component",
  },
  {
    id: "fan-leaf",
    name: t("Mặt Quạt Lụa", "Silk Fan Leaf"),
    description: t(
      "Lụa mây căng trên nan trúc, vẽ bùa bằng mực linh thảo.",
      "Cloudsilk stretched over bamboo ribs and painted with spirit-ink charms.",
    ),
    icon: "handheld-fan",
    level: 20,
    rarity: "uncommon",
    obtain: [],
    family: "cloth",
    tier: "component",
  },
  {
    id: "lute-body",
    name: t("Thân Đàn Nguyệt", "Moon Lute Body"),
    description: t(
      "Bầu đàn tròn như trăng rằm ghép từ ván trúc ngân, dây bằng lụa mây.",
      "A full-moon sound box of silverbamboo planks, strung with cloudsilk.",
    ),
    icon: "lyre",
    level: 20,
    rarity: "uncommon",
    obtain: [],
    family: "wood",
    tier: "component",
  },
];

function addMaterials() {
  const addMaterial = (m: MaterialSpec, layer: string) =>
    addItem({
      id: m.id,
      name: m.name,
      description: m.description,
      icon: icon(m.icon),
      type: "material",
      level: m.level,
      rarity: m.rarity,
      tags: [layer, m.family],
      classes: [],
      stats: {},
      obtain: m.obtain,
    });
  for (const m of RAW_MATERIALS) addMaterial(m, "raw");
  for (const m of CRAFTED_MATERIALS) addMaterial(m, m.tier);
  addRecipe("iron-ingot", "forge", [{ item: "iron-ore", quantity: 3 }], { level: 1, gold: 20 });
  addRecipe("bamboo-plank", "workbench", [{ item: "silverbamboo-stalk", quantity: 3 }], { level: 15 });
  addRecipe(
    "tanned-leather",
    "tannery",
    [
      { item: "beast-hide", quantity: 2 },
      { item: "sea-salt", quantity: 1 },
    ],
    { level: 10 },
  );
  addRecipe("cloudsilk-cloth", "loom", [{ item: "cloudsilk-cocoon", quantity: 3 }], { level: 8 });
  addRecipe(
    "silversteel-ingot",
    "forge",
    [
      { item: "iron-ingot", quantity: 2 },
      { item: "bamboo-plank", quantity: 1 },
    ],
    { level: 20 },
  );
  addRecipe(
    "polished-amber",
    "jeweler",
    [
      { item: "amber-resin", quantity: 2 },
      { item: "firefly-dust", quantity: 1 },
    ],
    { level: 30, success: 90 },
  );
  addRecipe(
    "spirit-ink",
    "alchemy",
    [
      { item: "spirit-herb", quantity: 1 },
      { item: "firefly-dust", quantity: 1 },
    ],
    { level: 25, quantity: 2 },
  );
  addRecipe(
    "bowstring",
    "loom",
    [
      { item: "cloudsilk-cloth", quantity: 1 },
      { item: "wind-feather", quantity: 2 },
    ],
    { level: 20 },
  );
  addRecipe(
    "frost-crystal",
    "alchemy",
    [
      { item: "frost-shard", quantity: 3 },
      { item: "spirit-herb", quantity: 1 },
    ],
    { level: 55, success: 90 },
  );
  addRecipe(
    "ember-core",
    "forge",
    [
      { item: "ember-coal", quantity: 3 },
      { item: "frost-crystal", quantity: 1 },
    ],
    { level: 70, success: 80 },
  );
  addRecipe(
    "starstone",
    "jeweler",
    [
      { item: "star-fragment", quantity: 5 },
      { item: "ember-core", quantity: 1 },
    ],
    { level: 85, success: 70, seconds: 300 },
  );
  addRecipe(
    "blade-blank",
    "forge",
    [
      { item: "iron-ingot", quantity: 3 },
      { item: "tanned-leather", quantity: 1 },
    ],
    { level: 15 },
  );
  addRecipe(
    "staff-core",
    "jeweler",
    [
      { item: "amber-resin", quantity: 1 },
      { item: "spirit-ink", quantity: 1 },
      { item: "bamboo-plank", quantity: 1 },
    ],
    { level: 20 },
  );
  addRecipe(
    "fan-leaf",
    "loom",
    [
      { item: "cloudsilk-cloth", quantity: 2 },
      { item: "spirit-ink", quantity: 1 },
      { item: "bamboo-plank", quantity: 1 },
    ],
    { level: 20 },
  );
  addRecipe(
    "lute-body",
    "workbench",
    [
      { item: "bamboo-plank", quantity: 2 },
      { item: "cloudsilk-cloth", quantity: 1 },
    ],
    { level: 20 },
  );
}

// ---------------------------------------------------------------------------------------------
// Weapons: 7 families × 6 tiers

type Tier = { key: string; level: number; rarity: string; vi: string; en: string; material?: string; flavour: L; obtain: Obtain[] };

const TIERS: Tier[] = [
  {
    key: "t1",
    level: 5,
    rarity: "common",
    vi: "",
    en: "",
    flavour: t("Đồ tân thủ bán ở Cảng Sương Mù, rẻ và dễ sửa.", "Starter gear sold in Mistharbor, cheap and easy to mend."),
    obtain: [shop("harbor-market")],
  },
  {
    key: "t2",
    level: 20,
    rarity: "uncommon",
    vi: "",
    en: "",
    material: "silversteel-ingot",
    flavour: t(
      "Làm từ thép ngân hoặc trúc ngân, bền gấp đôi đồ tân thủ.",
      "Made of silversteel or silverbamboo, twice as sturdy as starter gear.",
    ),
    obtain: [],
  },
  {
    key: "amber",
    level: 35,
    rarity: "rare",
    vi: "Hổ Phách",
    en: "Amber",
    material: "polished-amber",
    flavour: t("Khảm hổ phách Đầm Đom Đóm, luôn ấm trong tay cầm.", "Inlaid with Firefly Marsh amber, always warm in the hand."),
    obtain: [drop("marsh-sunken-temple")],
  },
  {
    key: "bluefrost",
    level: 55,
    rarity: "epic",
    vi: "Băng Lam",
    en: "Bluefrost",
    material: "frost-crystal",
    flavour: t(
      "Tôi trong tinh thể băng lam, phủ một lớp sương giá không bao giờ tan.",
      "Quenched in bluefrost crystal, coated in a frost that never melts.",
    ),
    obtain: [drop("peaks-elder-wolf")],
  },
  {
    key: "ember",
    level: 75,
    rarity: "epic",
    vi: "Hỏa Diệm",
    en: "Ember",
    material: "ember-core",
    flavour: t(
      "Rèn ở lò Vạn Hỏa quanh một lõi hỏa diệm, lưỡi đỏ rực như than hồng.",
      "Forged at the Myriad Flame around an ember core, glowing like live coals.",
    ),
    obtain: [drop("ember-lava-tubes")],
  },
  {
    key: "starfallen",
    level: 90,
    rarity: "legendary",
    vi: "Tinh Lạc",
    en: "Starfallen",
    material: "starstone",
    flavour: t(
      "Đúc từ tinh thạch hợp nhất; trong đêm, nó sáng như một vì sao rơi.",
      "Cast from fused starstone; at night it shines like a falling star.",
    ),
    obtain: [drop("rift-star-heart", t("Rất hiếm", "Very rare"))],
  },
];

type Family = {
  type: string;
  vi: string;
  en: string;
  classes: string[];
  icons: string[];
  /** Names of the two first tiers, which are not named after a material. */
  t1: [string, string, string];
  t2: [string, string, string];
  flavour: L;
  stats: (power: number) => Stats;
  component: Stack[];
  /** Where it is made; metal families also take silversteel at tier 2, the others silverbamboo. */
  station: string;
  metal: boolean;
};

const FAMILIES: Family[] = [
  {
    type: "sword",
    station: "forge",
    metal: true,
    vi: "Kiếm",
    en: "Sword",
    classes: ["swordsman"],
    icons: ["broadsword", "piercing-sword", "shining-sword", "rune-sword", "dripping-sword", "energy-sword"],
    t1: ["iron-sword", "Kiếm Sắt", "Iron Sword"],
    t2: ["silversteel-sword", "Kiếm Thép Ngân", "Silversteel Sword"],
    flavour: t(
      "Kiếm thẳng hai lưỡi, cân bằng giữa tấn công và đỡ đòn.",
      "A straight double-edged sword, balanced between offence and parry.",
    ),
    stats: (p) => ({ attack: p, accuracy: Math.round(p / 6), critRate: 3 }),
    component: [{ item: "blade-blank", quantity: 1 }],
  },
  {
    type: "saber",
    station: "forge",
    metal: true,
    vi: "Đao",
    en: "Saber",
    classes: ["blademaster"],
    icons: ["crescent-blade", "cracked-saber", "relic-blade", "thunder-blade", "blade-fall", "lightning-saber"],
    t1: ["iron-saber", "Đao Sắt", "Iron Saber"],
    t2: ["silversteel-saber", "Đao Thép Ngân", "Silversteel Saber"],
    flavour: t(
      "Đao một lưỡi cong, chém nhanh và hiểm, sở trường chí mạng.",
      "A curved single-edged saber, quick and vicious, made for critical strikes.",
    ),
    stats: (p) => ({ attack: Math.round(p * 1.05), critRate: 6, critDamage: 15 }),
    component: [{ item: "blade-blank", quantity: 1 }],
  },
  {
    type: "spear",
    station: "forge",
    metal: true,
    vi: "Thương",
    en: "Spear",
    classes: ["ironwarden"],
    icons: ["stone-spear", "barbed-spear", "spear-hook", "ice-spear", "sun-spear", "spears"],
    t1: ["iron-spear", "Thương Sắt", "Iron Spear"],
    t2: ["silversteel-spear", "Thương Thép Ngân", "Silversteel Spear"],
    flavour: t(
      "Trường thương cán dài, giữ kẻ địch ngoài tầm với của đồng đội.",
      "A long-hafted spear that keeps enemies at arm's length from your allies.",
    ),
    stats: (p) => ({ attack: Math.round(p * 0.85), defense: Math.round(p / 2), hp: p * 4 }),
    component: [{ item: "blade-blank", quantity: 1 }],
  },
  {
    type: "bow",
    station: "workbench",
    metal: false,
    vi: "Cung",
    en: "Bow",
    classes: ["ranger"],
    icons: ["pocket-bow", "bow-arrow", "high-shot", "bow-string", "lightning-bow", "double-shot"],
    t1: ["wooden-bow", "Cung Gỗ", "Wooden Bow"],
    t2: ["silverbamboo-bow", "Cung Trúc Ngân", "Silverbamboo Bow"],
    flavour: t(
      "Trường cung bắn xa, mỗi mũi tên trúng yếu điểm đều gây sát thương lớn.",
      "A longbow for long range; every arrow to a weak point hits hard.",
    ),
    stats: (p) => ({ attack: Math.round(p * 0.95), accuracy: Math.round(p / 4), critDamage: 20 }),
    component: [
      { item: "bowstring", quantity: 1 },
      { item: "bamboo-plank", quantity: 2 },
    ],
  },
  {
    type: "staff",
    station: "jeweler",
    metal: false,
    vi: "Pháp Trượng",
    en: "Staff",
    classes: ["arcanist"],
    icons: ["wizard-staff", "crescent-staff", "crystal-wand", "lunar-wand", "orb-wand", "skull-staff"],
    t1: ["oak-staff", "Pháp Trượng Gỗ Sồi", "Oak Staff"],
    t2: ["silverbamboo-staff", "Pháp Trượng Trúc Ngân", "Silverbamboo Staff"],
    flavour: t("Pháp trượng dẫn linh lực, phóng phép xa và mạnh.", "A staff that channels spirit power for strong, far-reaching spells."),
    stats: (p) => ({ magicAttack: Math.round(p * 1.1), mp: p * 3, mpRegen: Math.round(p / 20) + 1 }),
    component: [{ item: "staff-core", quantity: 1 }],
  },
  {
    type: "fan",
    station: "loom",
    metal: false,
    vi: "Quạt",
    en: "Fan",
    classes: ["physician"],
    icons: ["handheld-fan", "feather", "two-feathers", "fluffy-wing", "feathered-wing", "angel-wings"],
    t1: ["paper-fan", "Quạt Giấy", "Paper Fan"],
    t2: ["silverbamboo-fan", "Quạt Trúc Ngân", "Silverbamboo Fan"],
    flavour: t(
      "Quạt phép của y sư: một cái phẩy là gió lành thổi khắp đội.",
      "A physician's spell fan: one sweep sends a healing breeze through the party.",
    ),
    stats: (p) => ({ magicAttack: Math.round(p * 0.7), healingPower: Math.round(p * 0.8), mpRegen: Math.round(p / 15) + 1 }),
    component: [{ item: "fan-leaf", quantity: 1 }],
  },
  {
    type: "lute",
    station: "workbench",
    metal: false,
    vi: "Đàn Nguyệt",
    en: "Moon Lute",
    classes: ["bard"],
    icons: ["lyre", "harp", "music-spell", "musical-notes", "sound-waves", "moon"],
    t1: ["wooden-lute", "Đàn Nguyệt Gỗ", "Wooden Moon Lute"],
    t2: ["silverbamboo-lute", "Đàn Nguyệt Trúc Ngân", "Silverbamboo Moon Lute"],
    flavour: t(
      "Đàn nguyệt hai dây; tiếng đàn tiếp sức cho đồng đội và làm rối trí kẻ thù.",
      "A two-stringed moon lute whose music lifts allies and unsettles foes.",
    ),
    stats: (p) => ({ magicAttack: Math.round(p * 0.8), cooldownReduction: 5, moveSpeed: 3 }),
    component: [{ item: "lute-body", quantity: 1 }],
  },
];

const SILVERSTEEL_FLAVOUR = t("Rèn bằng thép ngân, bền gấp đôi đồ tân thủ.", "Forged of silversteel, twice as sturdy as starter gear.");
const SILVERBAMBOO_FLAVOUR = t(
  "Làm từ trúc ngân dẻo dai, nhẹ tay mà bền gấp đôi đồ tân thủ.",
  "Made of supple silverbamboo: lighter, and twice as sturdy as starter gear.",
);

/** Weapon power grows a little faster than linearly with level, like the rest of the game. */
const weaponPower = (level: number) => Math.round(10 + level * 2.6 + (level * level) / 40);

function weaponId(family: Family, tier: Tier): string {
  if (tier.key === "t1") return family.t1[0];
  if (tier.key === "t2") return family.t2[0];
  return `${tier.key}-${family.type}`;
}

function addWeapons() {
  for (const family of FAMILIES) {
    TIERS.forEach((tier, i) => {
      const [id, vi, en] =
        tier.key === "t1"
          ? family.t1
          : tier.key === "t2"
            ? family.t2
            : [weaponId(family, tier), `${family.vi} ${tier.vi}`, `${tier.en} ${family.en}`];
      const tierFlavour = tier.key === "t2" ? (family.metal ? SILVERSTEEL_FLAVOUR : SILVERBAMBOO_FLAVOUR) : tier.flavour;
      const tierMaterial = tier.key === "t2" && !family.metal ? "bamboo-plank" : tier.material!;
      addItem({
        id,
        name: t(vi, en),
        description: t(`${family.flavour.vi} ${tierFlavour.vi}`, `${family.flavour.en} ${tierFlavour.en}`),
        icon: icon(family.icons[i]!),
        type: "weapon",
        slot: "mainHand",
        weaponType: family.type,
        level: tier.level,
        rarity: tier.rarity,
        tags: [family.type, tier.key === "t1" ? "starter" : tier.key === "t2" ? "silversteel" : tier.key],
        classes: family.classes,
        stats: family.stats(weaponPower(tier.level)),
        obtain: tier.obtain,
      });
      if (i === 0) return;
      const previous = weaponId(family, TIERS[i - 1]!);
      const inputs: Stack[] = [
        ...family.component.map((c) => ({ ...c, quantity: c.quantity * Math.max(1, i - 1) })),
        { item: tierMaterial, quantity: i === 1 ? 2 : 3 },
      ];
      // A legendary weapon is reforged from its epic one: the long chase of the endgame.
      if (tier.key === "starfallen") inputs.unshift({ item: previous, quantity: 1 });
      addRecipe(id, family.station, inputs, { level: tier.level, success: [100, 100, 95, 85, 75, 60][i]!, seconds: 30 * i });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Shields (off-hand)

function addShields() {
  const names: [string, string, string][] = [
    ["iron-shield", "Khiên Sắt", "Iron Shield"],
    ["silversteel-shield", "Khiên Thép Ngân", "Silversteel Shield"],
    ["amber-shield", "Khiên Hổ Phách", "Amber Shield"],
    ["bluefrost-shield", "Khiên Băng Lam", "Bluefrost Shield"],
    ["ember-shield", "Khiên Hỏa Diệm", "Ember Shield"],
    ["starfallen-shield", "Khiên Tinh Lạc", "Starfallen Shield"],
  ];
  const icons = ["round-shield", "checked-shield", "bordered-shield", "ice-shield", "fire-shield", "magic-shield"];
  TIERS.forEach((tier, i) => {
    const [id, vi, en] = names[i]!;
    const power = weaponPower(tier.level);
    addItem({
      id,
      name: t(vi, en),
      description: t(
        `Khiên tròn cầm tay trái, đỡ được cả đòn phép. ${(i === 1 ? SILVERSTEEL_FLAVOUR : tier.flavour).vi}`,
        `A round off-hand shield that can even turn spells. ${(i === 1 ? SILVERSTEEL_FLAVOUR : tier.flavour).en}`,
      ),
      icon: icon(icons[i]!),
      type: "offhand",
      slot: "offHand",
      level: tier.level,
      rarity: tier.rarity,
      tags: ["shield", tier.key === "t1" ? "starter" : tier.key === "t2" ? "silversteel" : tier.key],
      classes: ["ironwarden", "swordsman"],
      stats: { defense: Math.round(power * 0.8), magicDefense: Math.round(power * 0.5), hp: power * 3 },
      obtain: tier.obtain,
    });
    if (i === 0) return;
    addRecipe(
      id,
      "forge",
      [
        { item: "silversteel-ingot", quantity: 2 * i },
        { item: "tanned-leather", quantity: 2 },
        ...(tier.material === "silversteel-ingot" ? [] : [{ item: tier.material!, quantity: 2 }]),
      ],
      { level: tier.level, success: [100, 100, 95, 85, 75, 60][i]! },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Armor: 3 weights × 4 sets × 5 slots

type ArmorSet = { key: string; vi: string; en: string; level: number; rarity: string; flavour: L; obtain: Obtain[] };
type Weight = {
  key: string;
  classes: string[];
  slots: { slot: string; vi: string; en: string; icon: string }[];
  sets: ArmorSet[];
  stats: (power: number, slotShare: number) => Stats;
};

const SLOT_SHARE: Record<string, number> = { head: 0.2, chest: 0.35, legs: 0.25, hands: 0.1, feet: 0.1 };

const WEIGHTS: Weight[] = [
  {
    key: "heavy",
    classes: ["ironwarden", "swordsman"],
    slots: [
      { slot: "head", vi: "Mũ Trụ", en: "Helm", icon: "visored-helm" },
      { slot: "chest", vi: "Giáp Ngực", en: "Breastplate", icon: "breastplate" },
      { slot: "legs", vi: "Giáp Chân", en: "Greaves", icon: "greaves" },
      { slot: "hands", vi: "Găng Giáp", en: "Gauntlets", icon: "gauntlet" },
      { slot: "feet", vi: "Ủng Giáp", en: "Sabatons", icon: "metal-boot" },
    ],
    sets: [
      {
        key: "harbor-watch",
        vi: "Lính Cảng",
        en: "Harbor Watch",
        level: 10,
        rarity: "uncommon",
        flavour: t("Bộ giáp của đội tuần tra Cảng Sương Mù, nặng nhưng chắc chắn.", "The Mistharbor patrol's kit: heavy but dependable."),
        obtain: [{ method: "quest", source: "marker:harbor-ferry-lan" }],
      },
      {
        key: "ironscale",
        vi: "Thiết Lân",
        en: "Ironscale",
        level: 35,
        rarity: "rare",
        flavour: t("Vảy thép xếp lớp như vảy cá, đỡ đòn chém rất tốt.", "Steel scales layered like a fish's, superb against cuts."),
        obtain: [drop("forest-old-shrine"), drop("marsh-sunken-temple")],
      },
      {
        key: "bluefrost",
        vi: "Băng Lam",
        en: "Bluefrost",
        level: 60,
        rarity: "epic",
        flavour: t("Giáp phủ sương băng lam, kẻ đánh vào sẽ bị làm chậm.", "Plate rimed with bluefrost; whoever strikes it is slowed."),
        obtain: [drop("peaks-elder-wolf")],
      },
      {
        key: "crimson-flame",
        vi: "Xích Diệm",
        en: "Crimson Flame",
        level: 85,
        rarity: "legendary",
        flavour: t("Rèn từ vảy Hỏa Long; người mặc không sợ lửa.", "Forged from the Crimson Wyrm's scales; its wearer fears no fire."),
        obtain: [drop("ember-crimson-wyrm"), drop("ember-lava-tubes")],
      },
    ],
    stats: (p, share) => ({
      defense: Math.round(p * share * 1.6),
      magicDefense: Math.round(p * share * 0.8),
      hp: Math.round(p * share * 12),
    }),
  },
  {
    key: "medium",
    classes: ["blademaster", "ranger"],
    slots: [
      { slot: "head", vi: "Khăn Trùm", en: "Hood", icon: "hood" },
      { slot: "chest", vi: "Giáp Da", en: "Jerkin", icon: "leather-armor" },
      { slot: "legs", vi: "Quần Da", en: "Leggings", icon: "armored-pants" },
      { slot: "hands", vi: "Bao Tay", en: "Grips", icon: "gloves" },
      { slot: "feet", vi: "Giày Da", en: "Boots", icon: "leather-boot" },
    ],
    sets: [
      {
        key: "hunters",
        vi: "Thợ Săn",
        en: "Hunter's",
        level: 10,
        rarity: "uncommon",
        flavour: t("Đồ da mộc của thợ săn rừng trúc, nhẹ và không kêu.", "Plain leathers of the bamboo hunters, light and silent."),
        obtain: [drop("forest-silver-tiger")],
      },
      {
        key: "amber",
        vi: "Hổ Phách",
        en: "Amber",
        level: 35,
        rarity: "rare",
        flavour: t(
          "Da thuộc đính hổ phách, tăng sự nhạy bén của người mặc.",
          "Tanned leather studded with amber that sharpens the wearer's senses.",
        ),
        obtain: [drop("marsh-sunken-temple")],
      },
      {
        key: "duststorm",
        vi: "Gió Cát",
        en: "Duststorm",
        level: 60,
        rarity: "epic",
        flavour: t(
          "May cho lữ khách sa mạc, che kín cát bụi mà vẫn thoáng.",
          "Cut for desert travellers: sealed against sand, yet breathable.",
        ),
        obtain: [drop("dunes-scorpion-king"), drop("dunes-buried-city")],
      },
      {
        key: "nightwalker",
        vi: "Dạ Hành",
        en: "Nightwalker",
        level: 85,
        rarity: "legendary",
        flavour: t(
          "Bộ đồ của những kẻ đi đêm ở Vực Sao Rơi, hòa vào bóng tối.",
          "Worn by those who walk the Starfall Rift by night; it melts into the dark.",
        ),
        obtain: [drop("rift-star-heart")],
      },
    ],
    stats: (p, share) => ({
      defense: Math.round(p * share),
      evasion: Math.round(p * share * 0.6),
      critRate: Math.max(1, Math.round(share * 10)),
    }),
  },
  {
    key: "light",
    classes: ["arcanist", "physician", "bard"],
    slots: [
      { slot: "head", vi: "Mão", en: "Circlet", icon: "laurel-crown" },
      { slot: "chest", vi: "Pháp Bào", en: "Robe", icon: "robe" },
      { slot: "legs", vi: "Quần Lụa", en: "Trousers", icon: "trousers" },
      { slot: "hands", vi: "Găng Lụa", en: "Gloves", icon: "winter-gloves" },
      { slot: "feet", vi: "Hài", en: "Slippers", icon: "slippers" },
    ],
    sets: [
      {
        key: "apprentice",
        vi: "Học Đồ",
        en: "Apprentice",
        level: 10,
        rarity: "uncommon",
        flavour: t("Đồng phục của học trò Tu viện Mây Trắng.", "The uniform of the White Cloud Monastery's students."),
        obtain: [shop("harbor-market")],
      },
      {
        key: "cloudsilk",
        vi: "Lụa Mây",
        en: "Cloudsilk",
        level: 35,
        rarity: "rare",
        flavour: t("Dệt từ lụa mây, nhẹ như không mà chặn được phép thuật.", "Woven of cloudsilk: weightless, yet it stops spells."),
        obtain: [drop("marsh-sunken-temple")],
      },
      {
        key: "frostveil",
        vi: "Sương Tuyết",
        en: "Frostveil",
        level: 60,
        rarity: "epic",
        flavour: t(
          "Thêu chỉ băng lam, giúp tâm trí tĩnh lặng như hồ đóng băng.",
          "Embroidered with bluefrost thread; it stills the mind like a frozen lake.",
        ),
        obtain: [drop("peaks-elder-wolf"), { method: "quest", source: "marker:peaks-monastery" }],
      },
      {
        key: "starfallen",
        vi: "Tinh Lạc",
        en: "Starfallen",
        level: 85,
        rarity: "legendary",
        flavour: t("Lụa nhuộm bụi tinh thạch, lấp lánh như trời đêm.", "Silk dyed with star dust, glittering like the night sky."),
        obtain: [drop("rift-star-heart")],
      },
    ],
    stats: (p, share) => ({
      magicDefense: Math.round(p * share * 1.4),
      mp: Math.round(p * share * 8),
      mpRegen: Math.max(1, Math.round(share * 8)),
    }),
  },
];

const ARMOR_SLOT_FLAVOUR: Record<string, L> = {
  head: t("Bảo vệ đầu.", "Protects the head."),
  chest: t("Món chính của cả bộ, gánh phần lớn phòng thủ.", "The heart of the set, carrying most of its defence."),
  legs: t("Bảo vệ chân mà không cản bước.", "Guards the legs without slowing the stride."),
  hands: t("Giữ chặt vũ khí trong tay.", "Keeps a firm grip on the weapon."),
  feet: t("Vững chân trên mọi địa hình.", "Sure footing on any ground."),
};

function addArmor() {
  for (const weight of WEIGHTS) {
    for (const set of weight.sets) {
      for (const slot of weight.slots) {
        const power = weaponPower(set.level);
        addItem({
          id: `${set.key}-${slot.en.toLowerCase()}`,
          name: t(`${slot.vi} ${set.vi}`, `${set.en} ${slot.en}`),
          description: t(
            `${set.flavour.vi} ${ARMOR_SLOT_FLAVOUR[slot.slot]!.vi}`,
            `${set.flavour.en} ${ARMOR_SLOT_FLAVOUR[slot.slot]!.en}`,
          ),
          icon: icon(slot.icon),
          type: "armor",
          slot: slot.slot,
          level: set.level,
          rarity: set.rarity,
          tags: [weight.key, set.key],
          classes: weight.classes,
          stats: weight.stats(power, SLOT_SHARE[slot.slot]!),
          obtain: set.obtain,
        });
      }
    }
  }
  // The legendary chest pieces can also be crafted, for those the bosses never favour.
  const chestInputs = (extra: Stack): Stack[] => [{ item: "starstone", quantity: 1 }, extra, { item: "ember-core", quantity: 2 }];
  addRecipe("crimson-flame-breastplate", "forge", chestInputs({ item: "silversteel-ingot", quantity: 10 }), { level: 85, success: 60 });
  addRecipe("nightwalker-jerkin", "tannery", chestInputs({ item: "tanned-leather", quantity: 10 }), { level: 85, success: 60 });
  addRecipe("starfallen-robe", "loom", chestInputs({ item: "cloudsilk-cloth", quantity: 10 }), { level: 85, success: 60 });
}

// ---------------------------------------------------------------------------------------------
// Accessories

function addAccessories() {
  const rings: [string, string, string, string][] = [
    ["iron-ring", "Nhẫn Sắt", "Iron Ring", "ring"],
    ["pearl-ring", "Nhẫn Ngọc Trai", "Pearl Ring", "diamond-ring"],
    ["amber-ring", "Nhẫn Hổ Phách", "Amber Ring", "big-diamond-ring"],
    ["bluefrost-ring", "Nhẫn Băng Lam", "Bluefrost Ring", "frozen-ring"],
    ["ember-ring", "Nhẫn Hỏa Diệm", "Ember Ring", "fire-ring"],
    ["starfallen-ring", "Nhẫn Tinh Lạc", "Starfallen Ring", "globe-ring"],
  ];
  const necks: [string, string, string, string][] = [
    ["seashell-pendant", "Dây Chuyền Vỏ Sò", "Seashell Pendant", "primitive-necklace"],
    ["pearl-pendant", "Dây Chuyền Ngọc Trai", "Pearl Pendant", "pearl-necklace"],
    ["amber-pendant", "Dây Chuyền Hổ Phách", "Amber Pendant", "gem-pendant"],
    ["bluefrost-pendant", "Dây Chuyền Băng Lam", "Bluefrost Pendant", "emerald-necklace"],
    ["ember-pendant", "Dây Chuyền Hỏa Diệm", "Ember Pendant", "intricate-necklace"],
    ["starfallen-pendant", "Dây Chuyền Tinh Lạc", "Starfallen Pendant", "gem-necklace"],
  ];
  const obtains: Obtain[][] = [
    [drop("harbor-stonecrab")],
    [drop("plains-scarecrow"), { method: "trade" }],
    [drop("marsh-firefly-queen")],
    [drop("peaks-elder-wolf")],
    [drop("ember-crimson-wyrm")],
    [drop("rift-star-heart"), { method: "season", source: "season:season-3-starfall" }],
  ];
  TIERS.forEach((tier, i) => {
    const power = weaponPower(tier.level);
    const [ringId, ringVi, ringEn, ringIcon] = rings[i]!;
    const [neckId, neckVi, neckEn, neckIcon] = necks[i]!;
    addItem({
      id: ringId,
      name: t(ringVi, ringEn),
      description: t("Nhẫn đeo tay, tăng khả năng ra đòn chí mạng.", "A ring that sharpens critical strikes."),
      icon: icon(ringIcon),
      type: "accessory",
      slot: "ring",
      level: tier.level,
      rarity: tier.rarity,
      tags: ["ring", tier.key === "t1" ? "starter" : tier.key === "t2" ? "pearl" : tier.key],
      classes: [],
      stats: { critRate: 2 + i, attack: Math.round(power / 5), magicAttack: Math.round(power / 5) },
      obtain: obtains[i]!,
    });
    addItem({
      id: neckId,
      name: t(neckVi, neckEn),
      description: t("Dây chuyền hộ thân, tăng máu và kháng phép.", "A protective pendant that adds health and spell resistance."),
      icon: icon(neckIcon),
      type: "accessory",
      slot: "neck",
      level: tier.level,
      rarity: tier.rarity,
      tags: ["pendant", tier.key === "t1" ? "starter" : tier.key === "t2" ? "pearl" : tier.key],
      classes: [],
      stats: { hp: power * 4, magicDefense: Math.round(power / 3) },
      obtain: obtains[i]!,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Consumables, enhancement stones and quest items

type Consumable = {
  id: string;
  name: L;
  description: L;
  icon: string;
  level: number;
  rarity: string;
  tags: string[];
  stats?: Stats;
  obtain: Obtain[];
  type?: string;
};

const CONSUMABLES: Consumable[] = [
  {
    id: "minor-health-potion",
    name: t("Bình Máu Nhỏ", "Minor Health Potion"),
    description: t("Hồi 300 máu trong 3 giây.", "Restores 300 health over 3 seconds."),
    icon: "health-potion",
    level: 1,
    rarity: "common",
    tags: ["potion", "health"],
    obtain: [shop("harbor-market")],
  },
  {
    id: "health-potion",
    name: t("Bình Máu", "Health Potion"),
    description: t("Hồi 1.500 máu trong 3 giây.", "Restores 1,500 health over 3 seconds."),
    icon: "round-potion",
    level: 25,
    rarity: "uncommon",
    tags: ["potion", "health"],
    obtain: [],
  },
  {
    id: "greater-health-potion",
    name: t("Bình Máu Lớn", "Greater Health Potion"),
    description: t("Hồi 6.000 máu ngay lập tức. Thời gian hồi 20 giây.", "Instantly restores 6,000 health. 20-second cooldown."),
    icon: "standing-potion",
    level: 55,
    rarity: "rare",
    tags: ["potion", "health"],
    obtain: [],
  },
  {
    id: "minor-mana-potion",
    name: t("Bình Mana Nhỏ", "Minor Mana Potion"),
    description: t("Hồi 200 mana trong 3 giây.", "Restores 200 mana over 3 seconds."),
    icon: "magic-potion",
    level: 1,
    rarity: "common",
    tags: ["potion", "mana"],
    obtain: [shop("harbor-market")],
  },
  {
    id: "mana-potion",
    name: t("Bình Mana", "Mana Potion"),
    description: t("Hồi 1.000 mana trong 3 giây.", "Restores 1,000 mana over 3 seconds."),
    icon: "bubbling-flask",
    level: 25,
    rarity: "uncommon",
    tags: ["potion", "mana"],
    obtain: [],
  },
  {
    id: "greater-mana-potion",
    name: t("Bình Mana Lớn", "Greater Mana Potion"),
    description: t("Hồi 4.000 mana ngay lập tức. Thời gian hồi 20 giây.", "Instantly restores 4,000 mana. 20-second cooldown."),
    icon: "fizzing-flask",
    level: 55,
    rarity: "rare",
    tags: ["potion", "mana"],
    obtain: [],
  },
  {
    id: "antidote",
    name: t("Thuốc Giải Độc", "Antidote"),
    description: t(
      "Giải mọi hiệu ứng độc. Không thể thiếu khi đánh Vua Bọ Cạp Tro.",
      "Cures all poisons. A must against the Ash Scorpion King.",
    ),
    icon: "vial",
    level: 30,
    rarity: "common",
    tags: ["potion", "cure"],
    obtain: [shop("marsh-herbalist-mai"), shop("dunes-caravan")],
  },
  {
    id: "sesame-rice-ball",
    name: t("Cơm Nắm Muối Mè", "Sesame Rice Ball"),
    description: t(
      "Cơm nếp nắm chặt chấm muối mè. Tăng 5% máu tối đa trong 30 phút.",
      "Pressed sticky rice dipped in sesame salt. +5% max health for 30 minutes.",
    ),
    icon: "bowl-of-rice",
    level: 1,
    rarity: "common",
    tags: ["food", "buff"],
    stats: { hp: 150 },
    obtain: [],
  },
  {
    id: "fish-congee",
    name: t("Cháo Cá Linh Thảo", "Spirit Herb Fish Congee"),
    description: t(
      "Cháo cá nấu gừng và linh thảo, ấm bụng. Hồi mana nhanh hơn 10% trong 30 phút.",
      "Fish congee with ginger and spirit herb. +10% mana regeneration for 30 minutes.",
    ),
    icon: "bowl-spiral",
    level: 20,
    rarity: "uncommon",
    tags: ["food", "buff"],
    stats: { mpRegen: 5 },
    obtain: [],
  },
  {
    id: "ginger-tea",
    name: t("Trà Gừng", "Ginger Tea"),
    description: t(
      "Chống rét 30 phút; leo Đỉnh Băng Lam mà không có nó sẽ bị mất máu dần.",
      "Keeps the cold out for 30 minutes; climb Bluefrost Peaks without it and you slowly lose health.",
    ),
    icon: "teapot",
    level: 50,
    rarity: "common",
    tags: ["food", "cold-resist"],
    obtain: [shop("peaks-frozen-lake")],
  },
  {
    id: "waypoint-scroll",
    name: t("Cuộn Dịch Chuyển", "Waypoint Scroll"),
    description: t("Dịch chuyển tức thì tới một điểm dịch chuyển đã mở.", "Teleports you to any waypoint you have unlocked."),
    icon: "scroll-unfurled",
    level: 10,
    rarity: "common",
    tags: ["scroll", "travel"],
    obtain: [shop("harbor-market")],
  },
  {
    id: "training-manual",
    name: t("Bí Kíp Tu Luyện", "Training Manual"),
    description: t("Tăng 50% kinh nghiệm nhận được trong 1 giờ. Không cộng dồn.", "+50% experience gained for 1 hour. Does not stack."),
    icon: "spell-book",
    level: 1,
    rarity: "rare",
    tags: ["scroll", "experience"],
    obtain: [
      { method: "event", source: "event:double-xp-weekend" },
      { method: "season", source: "season:season-3-starfall" },
    ],
  },
  {
    id: "flower-lantern",
    name: t("Đèn Hoa Đăng", "Flower Lantern"),
    description: t(
      "Thả xuống nước trong Lễ Hội Đèn Lồng để nhận một phần quà ngẫu nhiên.",
      "Float it on water during the Lantern Festival for a random gift.",
    ),
    icon: "paper-lantern",
    level: 1,
    rarity: "uncommon",
    tags: ["festival"],
    obtain: [{ method: "event", source: "event:lantern-festival" }],
  },
  {
    id: "phoenix-feather",
    name: t("Lông Phượng Hoàng", "Phoenix Feather"),
    description: t(
      "Hồi sinh tại chỗ với 50% máu. Không dùng được trong đấu trường.",
      "Revives you where you fell with 50% health. Not usable in the arena.",
    ),
    icon: "fluffy-flame",
    level: 10,
    rarity: "rare",
    tags: ["revive"],
    obtain: [{ method: "event", source: "event:crimson-wyrm-wakes" }, shop("dunes-caravan")],
  },
  {
    id: "minor-enhancement-stone",
    name: t("Đá Cường Hóa Sơ Cấp", "Minor Enhancement Stone"),
    description: t("Cường hóa trang bị từ +0 lên +5, thành công chắc chắn.", "Enhances equipment from +0 to +5, always succeeds."),
    icon: "rock",
    level: 10,
    rarity: "common",
    tags: ["enhancement"],
    obtain: [],
    type: "material",
  },
  {
    id: "enhancement-stone",
    name: t("Đá Cường Hóa Trung Cấp", "Enhancement Stone"),
    description: t(
      "Cường hóa trang bị từ +5 lên +10. Thất bại không làm mất cấp.",
      "Enhances equipment from +5 to +10. A failure never drops a level.",
    ),
    icon: "stone-block",
    level: 45,
    rarity: "rare",
    tags: ["enhancement"],
    obtain: [],
    type: "material",
  },
  {
    id: "greater-enhancement-stone",
    name: t("Đá Cường Hóa Cao Cấp", "Greater Enhancement Stone"),
    description: t(
      "Cường hóa trang bị từ +10 lên +15. Thất bại có thể làm tụt một cấp.",
      "Enhances equipment from +10 to +15. A failure may drop one level.",
    ),
    icon: "crystalize",
    level: 80,
    rarity: "epic",
    tags: ["enhancement"],
    obtain: [],
    type: "material",
  },
];

const QUEST_ITEMS: Consumable[] = [
  {
    id: "elder-hoa-letter",
    name: t("Thư Tay Trưởng Làng Hòa", "Elder Hoa's Letter"),
    description: t(
      "Lá thư nhờ lính cảng giúp làng đuổi bù nhìn. Mang đến cho cô lái đò Lan.",
      "A letter asking the harbor watch to help with the scarecrows. Take it to Lan the Ferrywoman.",
    ),
    icon: "love-letter",
    level: 5,
    rarity: "common",
    tags: ["stolen-harvest"],
    obtain: [{ method: "quest", source: "marker:plains-elder-hoa" }],
  },
  {
    id: "stolen-sheaf",
    name: t("Bó Lúa Bị Đánh Cắp", "Stolen Sheaf"),
    description: t(
      "Bó lúa vàng lũ bù nhìn tha đi. Cần mười bó để hoàn thành nhiệm vụ.",
      "A golden sheaf the scarecrows carried off. Ten are needed to finish the quest.",
    ),
    icon: "grain-bundle",
    level: 8,
    rarity: "common",
    tags: ["stolen-harvest"],
    obtain: [drop("plains-scarecrow")],
  },
  {
    id: "bamboo-shrine-key",
    name: t("Chìa Khóa Miếu Trúc", "Bamboo Shrine Key"),
    description: t("Chiếc chìa khóa đồng mở cửa trong của Miếu Trúc Cổ.", "A bronze key to the inner door of the Old Bamboo Shrine."),
    icon: "skeleton-key",
    level: 20,
    rarity: "uncommon",
    tags: ["dungeon-key"],
    obtain: [{ method: "quest", source: "marker:forest-hunter-camp" }],
  },
  {
    id: "monk-bronze-bell",
    name: t("Chuông Đồng Của Thầy Tu", "The Monk's Bronze Bell"),
    description: t(
      "Tiếng chuông xoa dịu hồn ma trong miếu. Mang về Tu viện Mây Trắng.",
      "Its chime soothes the shrine's ghost. Bring it back to the White Cloud Monastery.",
    ),
    icon: "ringing-bell",
    level: 28,
    rarity: "rare",
    tags: ["monastery"],
    obtain: [drop("forest-old-shrine")],
  },
  {
    id: "old-map-fragment",
    name: t("Mảnh Bản Đồ Cổ", "Old Map Fragment"),
    description: t(
      "Một góc bản đồ Thiên Thành trước khi rơi. Ghép đủ bốn mảnh để mở Thành Vùi.",
      "A corner of a map of the Sky Citadel before the fall. Join four to open the Buried City.",
    ),
    icon: "treasure-map",
    level: 45,
    rarity: "rare",
    tags: ["buried-city"],
    obtain: [drop("dunes-scorpion-king"), { method: "quest", source: "marker:dunes-caravan" }],
  },
  {
    id: "wyrm-scale",
    name: t("Vảy Hỏa Long", "Crimson Wyrm Scale"),
    description: t(
      "Vảy còn nóng rẫy của Hỏa Long Xích Viêm. Thợ cả Đỏ cần nó để rèn giáp Xích Diệm.",
      "A still-burning scale of the Crimson Wyrm. Master Do needs it for Crimson Flame armor.",
    ),
    icon: "dragon-shield",
    level: 80,
    rarity: "epic",
    tags: ["crimson-wyrm"],
    obtain: [drop("ember-crimson-wyrm")],
  },
  {
    id: "stargazer-compass",
    name: t("La Bàn Chiêm Tinh", "Stargazer's Compass"),
    description: t(
      "Kim la bàn không chỉ hướng bắc mà chỉ về mảnh tinh thạch lớn nhất gần bạn.",
      "Its needle points not north but at the largest star crystal near you.",
    ),
    icon: "compass",
    level: 85,
    rarity: "epic",
    tags: ["starfall"],
    obtain: [{ method: "quest", source: "marker:rift-stargazer" }],
  },
  {
    id: "unsent-letter",
    name: t("Lá Thư Chưa Gửi", "The Unsent Letter"),
    description: t(
      "Thư của một người gác Thiên Thành gửi vợ, viết đêm trước khi thành rơi. Mở đầu chuỗi nhiệm vụ cốt truyện mùa 3.",
      "A Sky Citadel guard's letter to his wife, written the night before the fall. Starts the season 3 story quests.",
    ),
    icon: "scroll-quill",
    level: 60,
    rarity: "legendary",
    tags: ["starfall", "story"],
    obtain: [drop("rift-star-heart"), { method: "season", source: "season:season-3-starfall" }],
  },
];

function addConsumables() {
  for (const c of CONSUMABLES) {
    addItem({
      id: c.id,
      name: c.name,
      description: c.description,
      icon: icon(c.icon),
      type: c.type ?? "consumable",
      level: c.level,
      rarity: c.rarity,
      tags: c.tags,
      classes: [],
      stats: c.stats ?? {},
      obtain: c.obtain,
    });
  }
  for (const q of QUEST_ITEMS) {
    addItem({
      id: q.id,
      name: q.name,
      description: q.description,
      icon: icon(q.icon),
      type: "quest",
      level: q.level,
      rarity: q.rarity,
      tags: q.tags,
      classes: [],
      stats: {},
      obtain: q.obtain,
    });
  }
  addRecipe(
    "health-potion",
    "alchemy",
    [
      { item: "minor-health-potion", quantity: 2 },
      { item: "spirit-herb", quantity: 1 },
      { item: "firefly-dust", quantity: 1 },
    ],
    { level: 25, quantity: 2 },
  );
  addRecipe(
    "greater-health-potion",
    "alchemy",
    [
      { item: "health-potion", quantity: 2 },
      { item: "frost-crystal", quantity: 1 },
    ],
    { level: 55 },
  );
  addRecipe(
    "mana-potion",
    "alchemy",
    [
      { item: "minor-mana-potion", quantity: 2 },
      { item: "spirit-ink", quantity: 1 },
    ],
    { level: 25, quantity: 2 },
  );
  addRecipe(
    "greater-mana-potion",
    "alchemy",
    [
      { item: "mana-potion", quantity: 2 },
      { item: "frost-crystal", quantity: 1 },
    ],
    { level: 55 },
  );
  addRecipe(
    "sesame-rice-ball",
    "kitchen",
    [
      { item: "sticky-rice", quantity: 2 },
      { item: "sea-salt", quantity: 1 },
    ],
    { level: 1, quantity: 3, gold: 5 },
  );
  addRecipe(
    "fish-congee",
    "kitchen",
    [
      { item: "sticky-rice", quantity: 1 },
      { item: "fresh-fish", quantity: 2 },
      { item: "spirit-herb", quantity: 1 },
    ],
    { level: 20, quantity: 2, gold: 20 },
  );
  addRecipe(
    "waypoint-scroll",
    "alchemy",
    [
      { item: "spirit-ink", quantity: 1 },
      { item: "cloudsilk-cloth", quantity: 1 },
    ],
    { level: 10, quantity: 3 },
  );
  addRecipe(
    "minor-enhancement-stone",
    "forge",
    [
      { item: "iron-ingot", quantity: 2 },
      { item: "spirit-herb", quantity: 1 },
    ],
    { level: 10 },
  );
  addRecipe(
    "enhancement-stone",
    "forge",
    [
      { item: "minor-enhancement-stone", quantity: 3 },
      { item: "star-fragment", quantity: 1 },
    ],
    { level: 45, success: 90 },
  );
  addRecipe(
    "greater-enhancement-stone",
    "jeweler",
    [
      { item: "enhancement-stone", quantity: 3 },
      { item: "starstone", quantity: 1 },
    ],
    { level: 80, success: 75 },
  );
}

export function buildItemsAndRecipes(): { items: ItemEntry[]; recipes: RecipeEntry[] } {
  items.length = 0;
  recipes.length = 0;
  addMaterials();
  addWeapons();
  addShields();
  addArmor();
  addAccessories();
  addConsumables();
  return { items: [...items], recipes: [...recipes] };
}
