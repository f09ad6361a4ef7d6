/**
 * The world of Lạc Vân (Cloudfall): its map, districts with their markers, manors, game servers
 * and tax rates. Three centuries ago the Sky Citadel broke apart and fell; its star crystals are
 * what every smith, mage and clan on the continent now fights over.
 */
import { t, type L } from "./text.ts";

type P = [number, number];

/** Corners shared by neighbouring districts so that the regions tile the continent without gaps. */
const V = {
  A: [170, 140],
  B: [330, 90],
  C: [470, 110],
  D: [620, 70],
  E: [790, 100],
  F: [930, 130],
  G: [1060, 200],
  H: [1090, 330],
  I: [1060, 470],
  J: [1040, 600],
  K: [960, 690],
  L: [840, 720],
  M: [700, 740],
  N: [580, 720],
  O: [470, 735],
  P: [370, 690],
  Q: [250, 650],
  R: [150, 560],
  S: [120, 430],
  T: [140, 290],
  U: [450, 300],
  W: [400, 430],
  X: [800, 290],
  Y: [820, 440],
  Z: [760, 520],
  AA: [560, 540],
  BB: [440, 600],
  CC: [620, 620],
  DD: [850, 610],
} satisfies Record<string, P>;

type Corner = keyof typeof V;

export const MAP_WIDTH = 1200;
export const MAP_HEIGHT = 800;

type MarkerSpec = { id: string; kind: string; name: L; description: L; icon: string; position: P; ref?: string };
type DistrictSpec = {
  id: string;
  name: L;
  description: L;
  corners: Corner[];
  fill: string;
  label: P;
  levelRange: [number, number];
  pvp: boolean;
  owner?: ClanHold;
  markers: MarkerSpec[];
};

/** The demo's clans, holding the open-war districts and most manors (names made up for Cloudfall). */
type ClanHold = { clan: string; tag: string; since: string };
const CLANS = {
  azureDragon: { clan: "Thanh Long Hội", tag: "TLH" },
  blackWind: { clan: "Hắc Phong Bang", tag: "HPB" },
  moonShadow: { clan: "Nguyệt Ảnh Các", tag: "NAC" },
  cloudWalkers: { clan: "Lạc Vân Kỵ", tag: "LVK" },
} as const;
const held = (clan: keyof typeof CLANS, since: string): ClanHold => ({ ...CLANS[clan], since });

const marker = (id: string, kind: string, icon: string, position: P, name: L, description: L, ref?: string): MarkerSpec => ({
  id,
  kind,
  name,
  description,
  icon: `game-icons:${icon}`,
  position,
  ref,
});

export const DISTRICT_SPECS: DistrictSpec[] = [
  {
    id: "mist-harbor",
    name: t("Cảng Sương Mù", "Mistharbor"),
    description: t(
      "Thành cảng phía nam, nơi mọi lữ khách đặt chân lên Lạc Vân. Sáng nào sương biển cũng phủ kín bến tàu, chợ cá mở từ tinh mơ và tiếng búa rèn vang đến tận khuya. Không được giao chiến trong thành.",
      "The southern port where every wayfarer first sets foot on Cloudfall. Sea mist blankets the docks each morning, the fish market opens before dawn and the forges ring late into the night. No fighting inside the walls.",
    ),
    corners: ["W", "AA", "CC", "N", "O", "P", "BB"],
    fill: "#c9d8c5",
    label: [500, 585],
    levelRange: [1, 10],
    pvp: false,
    markers: [
      marker(
        "harbor-smith-moc",
        "npc",
        "blacksmith",
        [470, 640],
        t("Lão thợ rèn Mộc", "Old Smith Moc"),
        t(
          "Rèn, sửa và cường hóa vũ khí. Bán công thức rèn bậc thấp.",
          "Forges, repairs and enhances weapons. Sells early forging recipes.",
        ),
      ),
      marker(
        "harbor-ferry-lan",
        "npc",
        "sailboat",
        [540, 700],
        t("Cô lái đò Lan", "Lan the Ferrywoman"),
        t("Giao nhiệm vụ tân thủ và chở lữ khách ra các đảo nhỏ.", "Gives the first quests and ferries wayfarers to the outer isles."),
      ),
      marker(
        "harbor-market",
        "shop",
        "shop",
        [520, 610],
        t("Chợ Bến Cảng", "Harbor Market"),
        t(
          "Thuốc hồi phục, thức ăn và nguyên liệu cơ bản. Nơi đăng đơn mua bán giữa người chơi.",
          "Potions, food and basic materials. Where players post their trade offers.",
        ),
      ),
      marker(
        "harbor-iron-quarry",
        "resource",
        "ore",
        [465, 560],
        t("Mỏ sắt Đá Ướt", "Wetstone Iron Quarry"),
        t("Quặng sắt lộ thiên, cuốc được từ cấp 1.", "Open-cast iron ore, minable from level 1."),
        "item:iron-ore",
      ),
      marker(
        "harbor-stonecrab",
        "boss",
        "crab",
        [570, 660],
        t("Cua Đá Khổng Lồ", "Giant Stonecrab"),
        t(
          "Trùm tân thủ ở bãi đá ngầm, xuất hiện mỗi 30 phút. Rơi Nhẫn Sắt và Da Thú.",
          "The first boss, on the reef, every 30 minutes. Drops Iron Rings and Beast Hide.",
        ),
      ),
    ],
  },
  {
    id: "windfield-plains",
    name: t("Đồng Lúa Gió", "Windfield Plains"),
    description: t(
      "Những cánh đồng lúa bất tận, cối xay gió và làng quê yên bình. Nông dân nhờ lữ khách đuổi lũ bù nhìn bị tinh thạch nhập hồn.",
      "Endless rice fields, windmills and quiet villages. Farmers ask wayfarers to chase off the scarecrows that stray star crystals brought to life.",
    ),
    corners: ["AA", "Z", "DD", "L", "M", "N", "CC"],
    fill: "#e6dc9c",
    label: [700, 585],
    levelRange: [5, 20],
    pvp: false,
    markers: [
      marker(
        "plains-windmill-village",
        "waypoint",
        "windmill",
        [680, 640],
        t("Làng Cối Xay", "Windmill Village"),
        t("Điểm dịch chuyển và nơi nghỉ chân, có bếp nấu ăn chung.", "Waypoint and resting place with a shared kitchen."),
      ),
      marker(
        "plains-elder-hoa",
        "quest",
        "farmer",
        [740, 690],
        t("Trưởng làng Hòa", "Elder Hoa"),
        t(
          "Chuỗi nhiệm vụ “Mùa gặt bị đánh cắp”, thưởng Bùa Bình An.",
          "The “Stolen Harvest” quest chain, rewards the Charm of Safe Roads.",
        ),
      ),
      marker(
        "plains-feather-field",
        "resource",
        "feather",
        [800, 640],
        t("Đồi Lông Vũ", "Feather Knoll"),
        t("Chim gió làm tổ ở đây; nhặt Lông Vũ Gió quanh các tổ.", "Wind birds nest here; collect Wind Feathers around the nests."),
        "item:wind-feather",
      ),
      marker(
        "plains-scarecrow",
        "boss",
        "scarecrow",
        [640, 590],
        t("Bù Nhìn Gió Lốc", "Whirlwind Scarecrow"),
        t(
          "Bù nhìn cao ba trượng, quay như chong chóng. Né vòng gió rồi đánh vào lưng.",
          "A scarecrow three times a man's height that spins like a pinwheel. Dodge the gust ring, then hit its back.",
        ),
      ),
      marker(
        "plains-cocoon-mulberry",
        "resource",
        "butterfly",
        [600, 690],
        t("Vườn Dâu Tằm Mây", "Cloudsilk Mulberry Grove"),
        t("Nơi hái Kén Tằm Mây để dệt Vải Lụa Mây.", "Gather Cloudsilk Cocoons here to weave Cloudsilk Cloth."),
        "item:cloudsilk-cocoon",
      ),
    ],
  },
  {
    id: "silverbamboo-forest",
    name: t("Rừng Trúc Ngân", "Silverbamboo Forest"),
    description: t(
      "Rừng trúc thân bạc phát sáng dưới trăng. Gỗ trúc ở đây nhẹ mà dẻo, thợ cung khắp lục địa đều tìm đến. Cẩn thận hổ trúc rình trong bóng lá.",
      "A forest of silver-stemmed bamboo that glows under the moon. Its wood is light yet supple, sought by every bowyer on the continent. Beware the bamboo tigers lurking in the leaves.",
    ),
    corners: ["S", "W", "BB", "P", "Q", "R"],
    fill: "#9cc79a",
    label: [250, 470],
    levelRange: [15, 30],
    pvp: false,
    markers: [
      marker(
        "forest-bamboo-grove",
        "resource",
        "bamboo",
        [220, 520],
        t("Lùm Trúc Ngân", "Silverbamboo Grove"),
        t("Chặt Thân Trúc Ngân; mỗi lùm mọc lại sau 10 phút.", "Cut Silverbamboo Stalks; each clump regrows in 10 minutes."),
        "item:silverbamboo-stalk",
      ),
      marker(
        "forest-hunter-camp",
        "npc",
        "camping-tent",
        [320, 520],
        t("Trại thợ săn Bảy Khê", "Bay Khe's Hunting Camp"),
        t("Thu mua da thú, dạy thuộc da, bán công thức Dây Cung.", "Buys hides, teaches tanning and sells the Bowstring recipe."),
      ),
      marker(
        "forest-beast-den",
        "resource",
        "animal-hide",
        [270, 610],
        t("Hang thú rừng", "Wild Beast Den"),
        t("Săn hươu và lợn rừng để lấy Da Thú Sống.", "Hunt deer and boars for Raw Hide."),
        "item:beast-hide",
      ),
      marker(
        "forest-silver-tiger",
        "boss",
        "tiger-head",
        [180, 450],
        t("Hổ Trúc Bạc", "Silverstripe Tiger"),
        t(
          "Chúa tể rừng trúc, vồ từ trong bóng tối. Rơi bộ giáp Thợ Săn và Gỗ Ngân Trúc.",
          "Lord of the grove, pounces from the shadows. Drops Hunter's armor and Silverbamboo planks.",
        ),
      ),
      marker(
        "forest-old-shrine",
        "dungeon",
        "shinto-shrine",
        [370, 620],
        t("Miếu Trúc Cổ", "Old Bamboo Shrine"),
        t(
          "Hầm ngục 3 người cấp 20–30. Ba ải, trùm cuối là Hồn Ma Thầy Tu.",
          "A 3-player dungeon for levels 20–30. Three rooms; the last boss is the Monk's Ghost.",
        ),
      ),
    ],
  },
  {
    id: "firefly-marsh",
    name: t("Đầm Đom Đóm", "Firefly Marsh"),
    description: t(
      "Đầm lầy rộng mênh mông, đêm nào cũng sáng rực ánh đom đóm. Nhựa cây ở đây đông lại thành hổ phách, còn bùn thì nuốt chửng kẻ bất cẩn.",
      "A vast wetland that glows with fireflies every night. Tree sap here hardens into amber, and the mud swallows the careless.",
    ),
    corners: ["Y", "I", "J", "K", "L", "DD", "Z"],
    fill: "#8fb5a3",
    label: [930, 500],
    levelRange: [25, 45],
    pvp: false,
    markers: [
      marker(
        "marsh-amber-trees",
        "resource",
        "dead-wood",
        [980, 560],
        t("Rừng Cây Nhựa", "Resin Thicket"),
        t("Cạo Nhựa Hổ Phách từ thân cây mục.", "Scrape Amber Resin from the rotting trunks."),
        "item:amber-resin",
      ),
      marker(
        "marsh-firefly-hollow",
        "resource",
        "sparkles",
        [900, 640],
        t("Hốc Đom Đóm", "Firefly Hollow"),
        t("Về đêm thu Bụi Đom Đóm bằng vợt lưới.", "At night, sweep Firefly Dust with a net."),
        "item:firefly-dust",
      ),
      marker(
        "marsh-herbalist-mai",
        "npc",
        "pestle-mortar",
        [870, 560],
        t("Thầy thuốc Mai", "Mai the Herbalist"),
        t("Dạy luyện đan, bán Linh Thảo và công thức Bình Máu.", "Teaches alchemy, sells Spirit Herbs and the Health Potion recipes."),
      ),
      marker(
        "marsh-firefly-queen",
        "boss",
        "butterfly-warning",
        [1000, 500],
        t("Nữ Hoàng Đom Đóm", "The Firefly Queen"),
        t(
          "Trùm thế giới của đầm lầy. Gọi bầy đom đóm gây mù; đứng trong vùng sáng để thấy đường.",
          "The marsh's world boss. Summons blinding swarms; stand in the lit circles to see.",
        ),
      ),
      marker(
        "marsh-sunken-temple",
        "dungeon",
        "temple-gate",
        [960, 650],
        t("Đền Chìm", "Sunken Temple"),
        t(
          "Hầm ngục 5 người cấp 35–45, rơi Hổ Phách Mài và bộ Hổ Phách.",
          "A 5-player dungeon for levels 35–45, drops Polished Amber and the Amber set.",
        ),
      ),
    ],
  },
  {
    id: "ashveil-dunes",
    name: t("Sa Mạc Tro Bạc", "Ashveil Dunes"),
    description: t(
      "Biển cát xám bạc, nơi tro của Thiên Thành rơi xuống suốt ba trăm năm. Ban ngày nóng cháy da, ban đêm bão cát che mờ mọi lối đi. Vùng tự do giao chiến.",
      "A sea of silver-grey sand where the ashes of the Sky Citadel have fallen for three hundred years. Scorching by day, blinded by sandstorms by night. Open PvP zone.",
    ),
    corners: ["U", "X", "Y", "Z", "AA", "W"],
    fill: "#d9c7a0",
    label: [600, 400],
    levelRange: [40, 60],
    pvp: true,
    owner: held("blackWind", "2026-10-04T20:00:00+07:00"),
    markers: [
      marker(
        "dunes-oasis",
        "waypoint",
        "oasis",
        [600, 460],
        t("Ốc Đảo Gió Ngủ", "Sleeping Wind Oasis"),
        t(
          "Điểm dịch chuyển duy nhất của sa mạc, vùng an toàn nhỏ quanh hồ nước.",
          "The desert's only waypoint, with a small safe zone around the pool.",
        ),
      ),
      marker(
        "dunes-caravan",
        "shop",
        "camel",
        [680, 380],
        t("Đoàn lạc đà Tư Cát", "Tu Cat's Caravan"),
        t("Bán đồ hiếm theo tuần, mua lại Mảnh Tinh Thạch giá tốt.", "Sells rare goods each week and buys Star Fragments at a good price."),
      ),
      marker(
        "dunes-scorpion-king",
        "boss",
        "scorpion",
        [720, 440],
        t("Vua Bọ Cạp Tro", "The Ash Scorpion King"),
        t(
          "Đuôi độc gây độc cộng dồn; mang thuốc giải. Rơi bộ Gió Cát.",
          "Its sting stacks poison; bring antidotes. Drops the Duststorm set.",
        ),
      ),
      marker(
        "dunes-star-fragments",
        "resource",
        "fragmented-meteor",
        [500, 380],
        t("Bãi Sao Vụn", "Shardfall Flats"),
        t("Mảnh Tinh Thạch lẫn trong cát, sáng lấp lánh sau mỗi trận bão.", "Star Fragments glitter in the sand after every storm."),
        "item:star-fragment",
      ),
      marker(
        "dunes-buried-city",
        "dungeon",
        "castle-ruins",
        [560, 330],
        t("Thành Vùi", "The Buried City"),
        t(
          "Hầm ngục 5 người cấp 50–60 trong phế tích một thành bị cát lấp.",
          "A 5-player dungeon for levels 50–60 in the ruins of a city swallowed by sand.",
        ),
      ),
    ],
  },
  {
    id: "bluefrost-peaks",
    name: t("Đỉnh Băng Lam", "Bluefrost Peaks"),
    description: t(
      "Dãy núi tuyết phía tây bắc, băng ở đây có màu lam vì ngấm ánh tinh thạch. Đường đèo hẹp, gió buốt; đừng leo khi chưa mang áo ấm.",
      "The snowy range in the north-west, its ice tinted blue by star-crystal light. Narrow passes and biting wind; don't climb without warm clothes.",
    ),
    corners: ["A", "B", "C", "U", "W", "S", "T"],
    fill: "#cfe3f2",
    label: [290, 250],
    levelRange: [55, 75],
    pvp: false,
    markers: [
      marker(
        "peaks-frost-vein",
        "resource",
        "crystal-growth",
        [240, 200],
        t("Mạch Băng Lam", "Bluefrost Vein"),
        t("Đục Mảnh Băng Lam trong hang băng.", "Chip Bluefrost Shards inside the ice caves."),
        "item:frost-shard",
      ),
      marker(
        "peaks-monastery",
        "npc",
        "pagoda",
        [340, 330],
        t("Tu viện Mây Trắng", "White Cloud Monastery"),
        t(
          "Các sư thầy dạy kỹ năng cấp cao và bán công thức Tinh Thể Băng.",
          "The monks teach advanced skills and sell the Frost Crystal recipe.",
        ),
      ),
      marker(
        "peaks-elder-wolf",
        "boss",
        "wolf-howl",
        [200, 340],
        t("Sói Tuyết Già", "The Elder Snow Wolf"),
        t(
          "Tru lên gọi bầy mỗi khi mất một phần tư máu. Rơi bộ Băng Lam.",
          "Howls for its pack at every quarter of its health. Drops the Bluefrost set.",
        ),
      ),
      marker(
        "peaks-summit-gate",
        "portal",
        "magic-portal",
        [400, 180],
        t("Cổng Đỉnh Gió", "Windtop Gate"),
        t(
          "Cổng đá cổ dẫn thẳng tới Vực Sao Rơi, mở từ cấp 85.",
          "An ancient stone gate leading straight to the Starfall Rift, opens at level 85.",
        ),
        "district:starfall-rift",
      ),
      marker(
        "peaks-frozen-lake",
        "waypoint",
        "iceberg",
        [300, 400],
        t("Hồ Đóng Băng", "Frozen Lake"),
        t("Điểm dịch chuyển dưới chân núi, có lò sưởi và bếp.", "Waypoint at the foot of the range, with a hearth and a kitchen."),
      ),
    ],
  },
  {
    id: "emberpeak",
    name: t("Núi Hỏa Diệm", "Emberpeak"),
    description: t(
      "Ngọn núi lửa vẫn còn cháy ở phía đông bắc. Hỏa Long Xích Viêm ngủ trong miệng núi và chỉ thức giấc vào tối thứ Bảy. Vùng tự do giao chiến.",
      "The still-burning volcano of the north-east. The Crimson Wyrm sleeps in its crater and wakes only on Saturday nights. Open PvP zone.",
    ),
    corners: ["E", "F", "G", "H", "I", "Y", "X"],
    fill: "#e3a489",
    label: [930, 300],
    levelRange: [70, 90],
    pvp: true,
    owner: held("azureDragon", "2026-11-01T20:00:00+07:00"),
    markers: [
      marker(
        "ember-coal-seam",
        "resource",
        "coal-pile",
        [880, 230],
        t("Vỉa Than Hỏa", "Ember Coal Seam"),
        t("Than Hỏa Diệm còn âm ỉ cháy; đeo găng chịu nhiệt khi đào.", "Ember Coal still smoulders here; wear heat-proof gloves to dig."),
        "item:ember-coal",
      ),
      marker(
        "ember-crimson-wyrm",
        "boss",
        "dragon-head",
        [980, 260],
        t("Hỏa Long Xích Viêm", "The Crimson Wyrm"),
        t(
          "Trùm thế giới mạnh nhất Lạc Vân. Thức giấc 20:00 thứ Bảy; cần cả bang hội.",
          "Cloudfall's strongest world boss. Wakes at 20:00 every Saturday; bring your whole clan.",
        ),
        "event:crimson-wyrm-wakes",
      ),
      marker(
        "ember-forge-master",
        "npc",
        "anvil",
        [900, 380],
        t("Lò rèn Vạn Hỏa", "The Myriad Flame Forge"),
        t(
          "Thợ cả Đỏ rèn vũ khí Hỏa Diệm và Tinh Lạc; nơi duy nhất đúc Lõi Hỏa Diệm.",
          "Master Do forges Ember and Starfallen weapons; the only place to cast Ember Cores.",
        ),
      ),
      marker(
        "ember-lava-tubes",
        "dungeon",
        "lava",
        [1010, 400],
        t("Ống Dung Nham", "The Lava Tubes"),
        t("Hầm ngục 5 người cấp 75–90, rơi bộ Xích Diệm.", "A 5-player dungeon for levels 75–90, drops the Ember set."),
      ),
      marker(
        "ember-rift-portal",
        "portal",
        "portal",
        [840, 180],
        t("Khe Nứt Lửa", "Fire Fissure"),
        t("Lối tắt vào Vực Sao Rơi qua khe nứt nóng chảy.", "A shortcut into the Starfall Rift through a molten crack."),
        "district:starfall-rift",
      ),
    ],
  },
  {
    id: "starfall-rift",
    name: t("Vực Sao Rơi", "Starfall Rift"),
    description: t(
      "Vết nứt khổng lồ nơi trái tim Thiên Thành đâm xuống mặt đất. Trọng lực chập chờn, đá trôi lơ lửng và tinh thạch mọc như rừng. Vùng cuối của lục địa, tự do giao chiến.",
      "The great scar where the heart of the Sky Citadel struck the earth. Gravity flickers, rocks float and star crystals grow like trees. The continent's endgame zone, open PvP.",
    ),
    corners: ["C", "D", "E", "X", "U"],
    fill: "#b8a9d9",
    label: [630, 150],
    levelRange: [85, 100],
    pvp: true,
    markers: [
      marker(
        "rift-star-heart",
        "boss",
        "star-altar",
        [650, 220],
        t("Kẻ Gác Tinh Tâm", "Warden of the Star Heart"),
        t(
          "Trùm cuối của mùa giải, canh giữ mảnh lớn nhất của Thiên Thành.",
          "The season's final boss, guarding the largest shard of the Sky Citadel.",
        ),
      ),
      marker(
        "rift-crystal-forest",
        "resource",
        "crystal-cluster",
        [560, 170],
        t("Rừng Tinh Thạch", "Crystal Forest"),
        t(
          "Mảnh Tinh Thạch cỡ lớn, mỗi lần khai thác được nhiều hơn ở sa mạc.",
          "Large Star Fragments, yielding more per strike than in the desert.",
        ),
        "item:star-fragment",
      ),
      marker(
        "rift-floating-stair",
        "waypoint",
        "stone-stack",
        [720, 150],
        t("Bậc Thang Lơ Lửng", "The Floating Stair"),
        t("Điểm dịch chuyển trên những tảng đá trôi.", "A waypoint on the drifting rocks."),
      ),
      marker(
        "rift-stargazer",
        "npc",
        "crystal-ball",
        [580, 260],
        t("Nhà chiêm tinh Vọng", "Vong the Stargazer"),
        t("Đổi Tinh Thạch Hợp Nhất lấy phù văn và bùa hộ mệnh hiếm.", "Trades Fused Starstones for rare runes and talismans."),
      ),
      marker(
        "rift-harbor-portal",
        "portal",
        "magic-gate",
        [760, 250],
        t("Cổng Về Cảng", "Harbor Return Gate"),
        t("Cổng một chiều đưa về Cảng Sương Mù.", "A one-way gate back to Mistharbor."),
        "district:mist-harbor",
      ),
    ],
  },
];

/** Corners on the sea: edges between two of them are coastline and get a rougher line. */
const COAST = new Set<Corner>(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T"]);
const CONTINENT_CENTRE: P = [600, 420];

/**
 * Points bending the straight edge between two corners. They only depend on the unordered pair,
 * so two neighbouring districts share exactly the same border, walked in opposite directions.
 */
function edgeBends(from: Corner, to: Corner): P[] {
  const [a, b] = from < to ? [from, to] : [to, from];
  const [ax, ay] = V[a];
  const [bx, by] = V[b];
  const length = Math.hypot(bx - ax, by - ay);
  const coast = COAST.has(a) && COAST.has(b);
  let nx = -(by - ay) / length;
  let ny = (bx - ax) / length;
  // On the coast, positive offsets push out to sea; inland, the direction just has to be stable.
  if (coast && nx * ((ax + bx) / 2 - CONTINENT_CENTRE[0]) + ny * ((ay + by) / 2 - CONTINENT_CENTRE[1]) < 0) [nx, ny] = [-nx, -ny];
  const seed = (a.charCodeAt(0) * 7 + b.charCodeAt(b.length - 1) * 13) % 5;
  const pattern = coast ? [14, -10, 18, -6, 11, -12, 8] : [7, -6, 5, -7, 6];
  const count = coast ? 5 : 3;
  const amplitude = Math.min(1, length / 160);
  const bends: P[] = [];
  for (let i = 1; i <= count; i++) {
    const along = i / (count + 1);
    const offset = pattern[(i + seed) % pattern.length]! * amplitude;
    bends.push([Math.round(ax + (bx - ax) * along + nx * offset), Math.round(ay + (by - ay) * along + ny * offset)]);
  }
  return from < to ? bends : bends.reverse();
}

export function districtPolygon(spec: DistrictSpec): P[] {
  return spec.corners.flatMap((corner, i) => {
    const next = spec.corners[(i + 1) % spec.corners.length]!;
    return [V[corner], ...edgeBends(corner, next)];
  });
}

export function buildDistricts() {
  return DISTRICT_SPECS.map((spec) => ({
    id: spec.id,
    name: spec.name,
    description: spec.description,
    region: `region-${spec.id}`,
    labelPosition: { x: spec.label[0], y: spec.label[1] },
    levelRange: { min: spec.levelRange[0], max: spec.levelRange[1] },
    pvp: spec.pvp,
    ...(spec.owner ? { owner: spec.owner } : {}),
    markers: spec.markers.map((m) => ({
      id: m.id,
      kind: m.kind,
      name: m.name,
      description: m.description,
      icon: m.icon,
      position: { x: m.position[0], y: m.position[1] },
      ...(m.ref ? { ref: m.ref } : {}),
    })),
  }));
}

// ---------------------------------------------------------------------------------------------
// The SVG map: sea, continent regions, relief, labels. Markers are drawn by the page, not here.

function polygonPoints(points: P[]): string {
  return points.map(([x, y]) => `${x},${y}`).join(" ");
}

function mountain(x: number, y: number, size: number, snow: boolean): string {
  const peak = `M${x - size} ${y}L${x} ${y - size * 1.3}L${x + size} ${y}Z`;
  const cap = snow
    ? `<path d="M${x - size * 0.38} ${y - size * 0.8}L${x} ${y - size * 1.3}L${x + size * 0.38} ${y - size * 0.8}L${x + size * 0.1} ${y - size * 0.9}L${x - size * 0.12} ${y - size * 0.75}Z" fill="#fff"/>`
    : "";
  return `<path d="${peak}" fill="#7d8a96" stroke="#4d5660" stroke-width="1.5"/>${cap}`;
}

function tree(x: number, y: number, colour: string): string {
  return `<path d="M${x} ${y - 14}L${x + 7} ${y}L${x - 7} ${y}Z" fill="${colour}"/><rect x="${x - 1.5}" y="${y}" width="3" height="5" fill="#6b4a2b"/>`;
}

function dune(x: number, y: number): string {
  return `<path d="M${x - 22} ${y}Q${x} ${y - 14} ${x + 22} ${y}" fill="none" stroke="#b49a66" stroke-width="2"/>`;
}

function reed(x: number, y: number): string {
  return `<path d="M${x} ${y}v-12M${x + 4} ${y}v-9M${x - 4} ${y}v-8" stroke="#4e7a62" stroke-width="1.5"/><circle cx="${x + 6}" cy="${y - 16}" r="1.8" fill="#fff6a8"/>`;
}

function wave(x: number, y: number): string {
  return `<path d="M${x} ${y}q8 -6 16 0t16 0" fill="none" stroke="#8bb4d6" stroke-width="2" stroke-linecap="round"/>`;
}

function crystal(x: number, y: number): string {
  return `<path d="M${x} ${y}l-6 -10l6 -14l6 14z" fill="#e8dcff" stroke="#6e5aa8" stroke-width="1.2"/>`;
}

function relief(): string {
  const parts: string[] = [];
  for (const [x, y, s] of [
    [200, 250, 26],
    [260, 170, 30],
    [330, 220, 24],
    [390, 260, 20],
    [170, 390, 18],
    [250, 330, 22],
  ] as const)
    parts.push(mountain(x, y, s, true));
  for (const [x, y, s] of [
    [940, 200, 34],
    [1030, 330, 24],
    [860, 330, 20],
    [960, 430, 18],
  ] as const)
    parts.push(mountain(x, y, s, false));
  parts.push(`<circle cx="940" cy="152" r="9" fill="#ff7a3d" opacity=".85"/><circle cx="946" cy="138" r="6" fill="#ffb36b" opacity=".7"/>`);
  for (const [x, y] of [
    [160, 500],
    [200, 560],
    [240, 480],
    [290, 560],
    [330, 600],
    [220, 620],
    [350, 470],
    [300, 640],
  ] as const)
    parts.push(tree(x, y, "#4f8f56"));
  for (const [x, y] of [
    [470, 360],
    [540, 420],
    [640, 330],
    [700, 480],
    [760, 360],
    [620, 510],
  ] as const)
    parts.push(dune(x, y));
  for (const [x, y] of [
    [860, 500],
    [930, 580],
    [1010, 610],
    [880, 690],
    [1020, 540],
  ] as const)
    parts.push(reed(x, y));
  for (const [x, y] of [
    [520, 130],
    [600, 110],
    [690, 190],
    [740, 110],
    [520, 230],
    [620, 270],
  ] as const)
    parts.push(crystal(x, y));
  return parts.join("");
}

function fields(): string {
  const rows: string[] = [];
  for (let i = 0; i < 5; i++)
    rows.push(`<path d="M${630 + i * 8} ${615 + i * 22}h${150 - i * 10}" stroke="#c8b95a" stroke-width="3" stroke-dasharray="10 6"/>`);
  return rows.join("");
}

function sea(): string {
  const waves: string[] = [];
  for (const [x, y] of [
    [60, 80],
    [1110, 120],
    [60, 700],
    [1120, 700],
    [300, 770],
    [900, 770],
    [50, 300],
    [1140, 520],
    [700, 30],
    [250, 40],
  ] as const)
    waves.push(wave(x, y));
  return waves.join("");
}

/**
 * The whole map. Regions are `<polygon id="region-…">` so the validator can test marker positions.
 * District names are not drawn: the page writes them in the reader's language at labelPosition.
 */
export function drawMapSvg(): string {
  const regions = DISTRICT_SPECS.map(
    (spec) => `<polygon id="region-${spec.id}" class="region" points="${polygonPoints(districtPolygon(spec))}" fill="${spec.fill}"/>`,
  ).join("\n    ");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="${MAP_WIDTH}" height="${MAP_HEIGHT}" role="img" aria-labelledby="map-title">
  <title id="map-title">Lạc Vân — Cloudfall</title>
  <defs>
    <radialGradient id="sea-gradient" cx="50%" cy="50%" r="70%">
      <stop offset="0%" stop-color="#bcd9ee"/>
      <stop offset="100%" stop-color="#7fa9cc"/>
    </radialGradient>
    <filter id="coast-shadow" x="-5%" y="-5%" width="110%" height="110%">
      <feDropShadow dx="0" dy="4" stdDeviation="6" flood-color="#2c4a63" flood-opacity=".35"/>
    </filter>
  </defs>
  <rect id="sea" width="${MAP_WIDTH}" height="${MAP_HEIGHT}" fill="url(#sea-gradient)"/>
  <g id="sea-waves">${sea()}</g>
  <g id="isles" fill="#c9d8c5" stroke="#5b6b57" stroke-width="2">
    <ellipse cx="300" cy="760" rx="34" ry="14"/>
    <ellipse cx="1130" cy="610" rx="22" ry="34"/>
    <ellipse cx="80" cy="180" rx="26" ry="16"/>
  </g>
  <g id="regions" stroke="#5b6b57" stroke-width="2.5" stroke-linejoin="round" filter="url(#coast-shadow)">
    ${regions}
  </g>
  <g id="relief" pointer-events="none">${relief()}${fields()}</g>
  <path id="rift-scar" d="M560 250Q620 200 650 150T760 120" fill="none" stroke="#4b3a7a" stroke-width="5" stroke-linecap="round" opacity=".6" pointer-events="none"/>
  <g id="compass" transform="translate(1110 760)">
    <circle r="22" fill="#f4efe2" stroke="#5b6b57" stroke-width="2"/>
    <path d="M0 -18L5 0L-5 0Z" fill="#b3453b"/>
    <path d="M0 18L5 0L-5 0Z" fill="#5b6b57"/>
  </g>
</svg>
`;
}

// ---------------------------------------------------------------------------------------------
// Manors

type ManorTheme = { id: string; name: L; description: L; icon: string; district: string; position: P; owner?: ClanHold; flavour: L };

const MANOR_THEMES: ManorTheme[] = [
  {
    id: "windmill-manor",
    name: t("Thái ấp Cối Xay", "Windmill Manor"),
    description: t(
      "Trang trại lớn nhất Đồng Lúa Gió, kho thóc đầy quanh năm. Bang nào giữ được nơi đây thì không lo thiếu lương thực.",
      "The largest farmstead of the Windfield Plains, its granaries full all year. The clan that holds it never runs short of food.",
    ),
    icon: "windmill",
    district: "windfield-plains",
    position: [760, 650],
    owner: held("cloudWalkers", "2026-09-20T20:00:00+07:00"),
    flavour: t("sản lượng lương thực", "food output"),
  },
  {
    id: "bamboo-lodge",
    name: t("Thái ấp Trúc Lâm", "Bamboo Lodge"),
    description: t(
      "Nhà sàn giữa rừng trúc, xưởng làm cung nổi tiếng. Các thợ săn giỏi nhất đều từng học nghề ở đây.",
      "A stilt house deep in the bamboo, famous for its bow workshop. The best hunters all apprenticed here.",
    ),
    icon: "wood-cabin",
    district: "silverbamboo-forest",
    position: [230, 580],
    flavour: t("tốc độ chế tác cung", "bow crafting speed"),
  },
  {
    id: "lantern-stilts",
    name: t("Thái ấp Đèn Lồng", "Lantern Stilts"),
    description: t(
      "Làng chài dựng trên cọc giữa đầm, đèn lồng thắp suốt đêm để dẫn thuyền giữa bầy đom đóm.",
      "A fishing village on stilts in the marsh, its lanterns lit all night to guide boats through the fireflies.",
    ),
    icon: "paper-lantern",
    district: "firefly-marsh",
    position: [940, 600],
    owner: held("moonShadow", "2026-10-18T20:00:00+07:00"),
    flavour: t("hiệu quả luyện đan", "alchemy yield"),
  },
  {
    id: "sunken-bazaar",
    name: t("Thái ấp Chợ Cát", "Sunken Bazaar"),
    description: t(
      "Khu chợ cổ nửa vùi trong cát, điểm dừng của mọi đoàn lạc đà. Thuế ở đây cao nhưng hàng thì hiếm.",
      "An ancient bazaar half-buried in sand, where every caravan stops. Taxes are high but so is the rarity of the goods.",
    ),
    icon: "desert-camp",
    district: "ashveil-dunes",
    position: [520, 470],
    owner: held("blackWind", "2026-11-15T20:00:00+07:00"),
    flavour: t("thu nhập từ thuế", "tax income"),
  },
  {
    id: "frostwatch-keep",
    name: t("Thái ấp Vọng Tuyết", "Frostwatch Keep"),
    description: t(
      "Pháo đài đá canh giữ đường đèo, tường dày ba lớp. Giữ được Vọng Tuyết là khóa được lối lên núi.",
      "A stone fort guarding the mountain pass, its walls three layers thick. Hold Frostwatch and you lock the way up the range.",
    ),
    icon: "watchtower",
    district: "bluefrost-peaks",
    position: [380, 390],
    flavour: t("phòng thủ", "defence"),
  },
  {
    id: "cinder-hold",
    name: t("Thái ấp Tro Đỏ", "Cinder Hold"),
    description: t(
      "Đồn lũy dựng trên sườn núi lửa, lò rèn dùng thẳng hơi nóng dung nham. Chỉ những bang hội mạnh nhất mới trụ được.",
      "A stronghold on the volcano's flank whose forges run on lava heat. Only the strongest clans can hold it.",
    ),
    icon: "castle",
    district: "emberpeak",
    position: [1000, 340],
    owner: held("azureDragon", "2026-11-08T20:00:00+07:00"),
    flavour: t("tốc độ rèn", "forging speed"),
  },
];

const MANOR_MAX_LEVEL = 5;

/** Gold, hours and materials to reach `level`; later manors (richer districts) cost more. */
function manorUpgradeCost(level: number, weight: number) {
  const materialsByLevel = [
    [],
    [],
    [{ item: "iron-ingot", quantity: 20 }],
    [
      { item: "silversteel-ingot", quantity: 15 },
      { item: "bamboo-plank", quantity: 20 },
    ],
    [
      { item: "frost-crystal", quantity: 12 },
      { item: "polished-amber", quantity: 12 },
    ],
    [
      { item: "ember-core", quantity: 8 },
      { item: "starstone", quantity: 3 },
    ],
  ];
  return {
    gold: Math.round((20000 * level ** 2 * weight) / 100) * 100,
    hours: [0, 0, 6, 12, 24, 48][level]!,
    materials: materialsByLevel[level]!,
  };
}

export function buildManors() {
  return MANOR_THEMES.map((theme, index) => {
    const weight = 1 + index * 0.25;
    return {
      id: theme.id,
      name: theme.name,
      description: theme.description,
      icon: `game-icons:${theme.icon}`,
      district: theme.district,
      position: { x: theme.position[0], y: theme.position[1] },
      ...(theme.owner ? { owner: theme.owner } : {}),
      levels: Array.from({ length: MANOR_MAX_LEVEL }, (_, i) => {
        const level = i + 1;
        const bonusPercent = level * 4;
        return {
          level,
          buildingSlots: 1 + level,
          ...(level > 1 ? { upgradeCost: manorUpgradeCost(level, weight) } : {}),
          bonus: t(`+${bonusPercent}% ${theme.flavour.vi} cho bang sở hữu`, `+${bonusPercent}% ${theme.flavour.en} for the owning clan`),
        };
      }),
      buildings: MANOR_BUILDINGS.map((building) => ({
        id: building.id,
        kind: building.kind,
        name: building.name,
        description: building.description,
        icon: `game-icons:${building.icon}`,
        unlockManorLevel: building.unlock,
        levels: building.effects.map((effect, i) => ({
          gold: Math.round((building.baseGold * (i + 1) ** 2 * weight) / 100) * 100,
          hours: building.baseHours * (i + 1),
          materials: i === 0 ? [{ item: building.material, quantity: 10 }] : [{ item: building.material, quantity: 10 * (i + 1) }],
          effect,
        })),
      })),
    };
  });
}

const MANOR_BUILDINGS = [
  {
    id: "great-hall",
    kind: "hall",
    name: t("Chính Sảnh", "Great Hall"),
    description: t(
      "Nơi bang chủ họp bàn; nâng cấp để mở thêm thành viên trú đóng.",
      "Where the clan leader holds council; upgrade to station more members.",
    ),
    icon: "huts-village",
    unlock: 1,
    baseGold: 5000,
    baseHours: 2,
    material: "iron-ingot",
    effects: [
      t("Trú đóng 10 thành viên", "Stations 10 members"),
      t("Trú đóng 20 thành viên", "Stations 20 members"),
      t("Trú đóng 30 thành viên", "Stations 30 members"),
    ],
  },
  {
    id: "stone-wall",
    kind: "wall",
    name: t("Tường Thành", "Stone Wall"),
    description: t("Tăng máu cổng và tháp canh khi bị bang khác công thành.", "Raises gate and tower health when another clan lays siege."),
    icon: "stone-wall",
    unlock: 2,
    baseGold: 8000,
    baseHours: 4,
    material: "iron-ingot",
    effects: [t("Máu cổng +20%", "Gate health +20%"), t("Máu cổng +40%", "Gate health +40%"), t("Máu cổng +60%", "Gate health +60%")],
  },
  {
    id: "clan-workshop",
    kind: "workshop",
    name: t("Xưởng Bang", "Clan Workshop"),
    description: t("Thành viên chế tác tại thái ấp được giảm chi phí vàng.", "Members crafting at the manor pay less gold."),
    icon: "anvil",
    unlock: 2,
    baseGold: 10000,
    baseHours: 6,
    material: "bamboo-plank",
    effects: [
      t("Giảm 5% vàng chế tác", "5% less crafting gold"),
      t("Giảm 10% vàng chế tác", "10% less crafting gold"),
      t("Giảm 15% vàng chế tác", "15% less crafting gold"),
    ],
  },
  {
    id: "trade-post",
    kind: "market",
    name: t("Trạm Giao Thương", "Trading Post"),
    description: t(
      "Cho phép bang đặt thuế giao dịch tại thái ấp và nhận phần thuế thu được.",
      "Lets the clan set the manor's trade tax and collect what it brings in.",
    ),
    icon: "two-coins",
    unlock: 3,
    baseGold: 15000,
    baseHours: 8,
    material: "polished-amber",
    effects: [
      t("Bang nhận 30% thuế", "Clan keeps 30% of tax"),
      t("Bang nhận 45% thuế", "Clan keeps 45% of tax"),
      t("Bang nhận 60% thuế", "Clan keeps 60% of tax"),
    ],
  },
  {
    id: "star-shrine",
    kind: "shrine",
    name: t("Miếu Tinh Thạch", "Starstone Shrine"),
    description: t(
      "Chúc phúc cho thành viên: tăng kinh nghiệm nhận được trong một giờ.",
      "Blesses members: more experience gained for an hour.",
    ),
    icon: "crystal-shrine",
    unlock: 4,
    baseGold: 25000,
    baseHours: 12,
    material: "frost-crystal",
    effects: [
      t("Kinh nghiệm +5% trong 1 giờ", "+5% experience for 1 hour"),
      t("Kinh nghiệm +10% trong 1 giờ", "+10% experience for 1 hour"),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Game servers and tax rates

export function buildServers() {
  return [
    {
      id: "suong-mai",
      name: t("Sương Mai", "Morning Dew"),
      description: t(
        "Máy chủ đầu tiên, cộng đồng lâu năm và đông vui nhất; kinh tế ổn định.",
        "The first server: the oldest, liveliest community and a settled economy.",
      ),
      language: "vi",
      status: "online",
      openedAt: "2025-03-08T10:00:00+07:00",
      recommended: false,
    },
    {
      id: "bach-hac",
      name: t("Bạch Hạc", "White Crane"),
      description: t(
        "Máy chủ thứ hai, nổi tiếng với các trận công thành thái ấp cuối tuần.",
        "The second server, known for its weekend manor sieges.",
      ),
      language: "vi",
      status: "online",
      openedAt: "2025-06-14T10:00:00+07:00",
      recommended: false,
    },
    {
      id: "hoa-phuong",
      name: t("Hỏa Phượng", "Fire Phoenix"),
      description: t(
        "Gộp từ hai máy chủ cũ Hỏa Phượng và Lam Ngư vào tháng 9/2026.",
        "Merged from the old Fire Phoenix and Blue Carp servers in September 2026.",
      ),
      language: "vi",
      status: "merged",
      openedAt: "2025-09-20T10:00:00+07:00",
      recommended: false,
    },
    {
      id: "thanh-truc",
      name: t("Thanh Trúc", "Green Bamboo"),
      description: t(
        "Máy chủ mới mở cùng mùa Tinh Lạc, mọi người cùng bắt đầu lại từ đầu. Khuyên dùng cho người mới.",
        "Opened with the Starfall season, everyone starts fresh. Recommended for new players.",
      ),
      language: "vi",
      status: "new",
      openedAt: "2026-09-24T10:00:00+07:00",
      recommended: true,
    },
    {
      id: "cloudfall-global",
      name: t("Lạc Vân Quốc Tế", "Cloudfall Global"),
      description: t(
        "Máy chủ tiếng Anh cho người chơi quốc tế, giờ sự kiện vẫn theo giờ Việt Nam (UTC+7).",
        "The English-language server for international players; event times still follow Vietnam time (UTC+7).",
      ),
      language: "en",
      status: "online",
      openedAt: "2025-12-12T10:00:00+07:00",
      recommended: false,
    },
  ];
}

export function buildTaxRates() {
  const districtRates: Record<string, number> = {
    "mist-harbor": 3,
    "windfield-plains": 4,
    "silverbamboo-forest": 5,
    "firefly-marsh": 5,
    "ashveil-dunes": 8,
    "bluefrost-peaks": 6,
    emberpeak: 10,
    "starfall-rift": 12,
  };
  const manorRates: Record<string, number> = {
    "windmill-manor": 5,
    "bamboo-lodge": 6,
    "lantern-stilts": 6,
    "sunken-bazaar": 15,
    "frostwatch-keep": 8,
    "cinder-hold": 12,
  };
  return [
    ...Object.entries(districtRates).map(([target, percent]) => ({
      id: `district-${target}`,
      scope: "district",
      target,
      percent,
      ...(target === "mist-harbor"
        ? { note: t("Thuế thấp nhất lục địa để giúp người mới buôn bán.", "The lowest tax on the continent, to help newcomers trade.") }
        : {}),
    })),
    ...Object.entries(manorRates).map(([target, percent]) => ({
      id: `manor-${target}`,
      scope: "manor",
      target,
      percent,
      ...(target === "sunken-bazaar"
        ? {
            note: t(
              "Bang sở hữu có thể đặt thuế cao vì đây là chợ duy nhất giữa sa mạc.",
              "The owning clan can charge more: it is the only market in the desert.",
            ),
          }
        : {}),
    })),
  ];
}
