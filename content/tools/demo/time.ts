/** Seasons, the level table and events of the demo pack. Game time is UTC+7. */
import { t, type L } from "./text.ts";

const TIER_NAMES: L[] = [
  t("Bậc Đồng", "Bronze"),
  t("Bậc Bạc", "Silver"),
  t("Bậc Vàng", "Gold"),
  t("Bậc Bạch Kim", "Platinum"),
  t("Bậc Tinh Anh", "Elite"),
];
const TIER_POINTS = [100, 500, 1500, 3000, 6000];

type Stack = { item: string; quantity: number };

function rewardTiers(rewards: Stack[][]) {
  return rewards.map((items, i) => ({
    id: ["bronze", "silver", "gold", "platinum", "elite"][i]!,
    name: TIER_NAMES[i]!,
    points: TIER_POINTS[i]!,
    rewards: items,
  }));
}

export function buildSeasons() {
  return [
    {
      id: "season-1-ashes",
      number: 1,
      name: t("Mùa 1: Tro Tàn Thức Giấc", "Season 1: Ashes Awaken"),
      description: t(
        "Mùa giải đầu tiên. Tro của Thiên Thành bắt đầu rơi dày trên sa mạc, và những mảnh tinh thạch đầu tiên được tìm thấy. Mở Sa Mạc Tro Bạc và bộ trang bị Hổ Phách.",
        "The first season. The Sky Citadel's ashes began to fall thickly over the desert, and the first star fragments were found. Opened the Ashveil Dunes and the Amber gear.",
      ),
      icon: "game-icons:sandstorm",
      startsAt: "2026-01-15T10:00:00+07:00",
      endsAt: "2026-05-14T10:00:00+07:00",
      rewardTiers: rewardTiers([
        [{ item: "minor-health-potion", quantity: 20 }],
        [{ item: "minor-enhancement-stone", quantity: 10 }],
        [{ item: "training-manual", quantity: 3 }],
        [{ item: "amber-ring", quantity: 1 }],
        [{ item: "amber-pendant", quantity: 1 }],
      ]),
      additions: [
        "district:ashveil-dunes",
        "item:amber-sword",
        "item:amber-jerkin",
        "item:polished-amber",
        "rune-set:bedrock",
        "pet:moon-rabbit",
      ],
    },
    {
      id: "season-2-frostbound",
      number: 2,
      name: t("Mùa 2: Băng Phong", "Season 2: Frostbound"),
      description: t(
        "Một mùa đông không dứt phủ kín Đỉnh Băng Lam. Bầy Sói Tuyết tràn xuống đèo và Tu viện Mây Trắng mở cửa đón lữ khách. Thêm trang bị Băng Lam và thú cưỡi Bạch Hổ.",
        "An endless winter buried the Bluefrost Peaks. The snow wolves came down the passes and the White Cloud Monastery opened its doors to wayfarers. Added Bluefrost gear and the White Tiger mount.",
      ),
      icon: "game-icons:snowflake-2",
      startsAt: "2026-05-14T10:00:00+07:00",
      endsAt: "2026-09-24T10:00:00+07:00",
      rewardTiers: rewardTiers([
        [{ item: "health-potion", quantity: 20 }],
        [{ item: "ginger-tea", quantity: 20 }],
        [{ item: "enhancement-stone", quantity: 5 }],
        [{ item: "bluefrost-ring", quantity: 1 }],
        [{ item: "frost-crystal", quantity: 30 }],
      ]),
      additions: [
        "district:bluefrost-peaks",
        "item:bluefrost-spear",
        "item:frost-crystal",
        "mount:white-tiger",
        "pet:snow-owl",
        "rune-set:moonshade",
        "talisman:frost-ward",
      ],
    },
    {
      id: "season-3-starfall",
      number: 3,
      name: t("Mùa 3: Tinh Lạc", "Season 3: Starfall"),
      description: t(
        "Vực Sao Rơi mở cửa. Lần đầu tiên lữ khách có thể bước vào nơi trái tim Thiên Thành đâm xuống, đối mặt Kẻ Gác Tinh Tâm và rèn vũ khí Tinh Lạc. Lớp nhân vật Cầm Sư ra mắt cùng mùa này.",
        "The Starfall Rift opens. For the first time wayfarers can enter the place where the Sky Citadel's heart struck the earth, face the Warden of the Star Heart and forge Starfallen weapons. The Bard class arrives with this season.",
      ),
      icon: "game-icons:falling-star",
      startsAt: "2026-09-24T10:00:00+07:00",
      endsAt: "2026-12-31T10:00:00+07:00",
      rewardTiers: rewardTiers([
        [{ item: "greater-health-potion", quantity: 10 }],
        [{ item: "training-manual", quantity: 5 }],
        [{ item: "starstone", quantity: 1 }],
        [{ item: "unsent-letter", quantity: 1 }],
        [{ item: "starfallen-ring", quantity: 1 }],
      ]),
      additions: [
        "class:bard",
        "district:starfall-rift",
        "item:starfallen-sword",
        "item:starstone",
        "mount:meteor-dragon",
        "pet:star-wisp",
        "rune-set:starfall",
        "talisman:heart-of-the-citadel",
      ],
    },
    {
      id: "season-4-wyrmrise",
      number: 4,
      name: t("Mùa 4: Hỏa Long Trỗi Dậy", "Season 4: Wyrmrise"),
      description: t(
        "Núi Hỏa Diệm rung chuyển: Hỏa Long Xích Viêm không còn ngủ yên. Mùa tới sẽ mở thêm tầng mới của Ống Dung Nham, bộ giáp Xích Diệm chế tác được và thú cưng Rồng Con.",
        "Emberpeak is shaking: the Crimson Wyrm no longer sleeps soundly. Next season opens a new floor of the Lava Tubes, craftable Crimson Flame armor and the Dragon Hatchling pet.",
      ),
      icon: "game-icons:dragon-head",
      startsAt: "2026-12-31T10:00:00+07:00",
      endsAt: "2027-04-15T10:00:00+07:00",
      rewardTiers: rewardTiers([
        [{ item: "greater-mana-potion", quantity: 10 }],
        [{ item: "phoenix-feather", quantity: 3 }],
        [{ item: "ember-core", quantity: 5 }],
        [{ item: "wyrm-scale", quantity: 1 }],
        [{ item: "greater-enhancement-stone", quantity: 5 }],
      ]),
      additions: [
        "item:crimson-flame-breastplate",
        "item:ember-core",
        "pet:dragon-hatchling",
        "mount:ember-qilin",
        "event:crimson-wyrm-wakes",
      ],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Levels

const RANKS: L[] = [
  t("Tân Thủ", "Newcomer"),
  t("Lữ Khách", "Wayfarer"),
  t("Hiệp Khách", "Adventurer"),
  t("Tinh Anh", "Adept"),
  t("Cao Thủ", "Expert"),
  t("Đại Hiệp", "Champion"),
  t("Tông Sư", "Master"),
  t("Đại Tông Sư", "Grandmaster"),
  t("Truyền Kỳ", "Legend"),
  t("Thiên Tinh", "Starborn"),
];

type Unlock = { text: L; ref?: string };

const UNLOCKS: Record<number, Unlock[]> = {
  2: [{ text: t("Nhiệm vụ tân thủ của cô lái đò Lan", "Lan the Ferrywoman's starter quests"), ref: "marker:harbor-ferry-lan" }],
  5: [{ text: t("Nuôi thú cưng", "Pets"), ref: "pet:wind-sparrow" }],
  8: [{ text: t("Dệt vải và nấu ăn", "Weaving and cooking"), ref: "recipe:craft-cloudsilk-cloth" }],
  10: [
    { text: t("Thú cưỡi", "Mounts"), ref: "mount:brown-horse" },
    { text: t("Kỹ năng thứ hai của lớp nhân vật", "Second class skill") },
    { text: t("Đồng Lúa Gió", "Windfield Plains"), ref: "district:windfield-plains" },
  ],
  15: [
    { text: t("Rừng Trúc Ngân", "Silverbamboo Forest"), ref: "district:silverbamboo-forest" },
    { text: t("Rèn phôi lưỡi và vũ khí bậc 2", "Blade blanks and tier-2 weapons"), ref: "recipe:craft-blade-blank" },
  ],
  20: [
    { text: t("Hầm ngục 3 người", "3-player dungeons"), ref: "marker:forest-old-shrine" },
    { text: t("Gia nhập bang hội", "Joining a clan") },
  ],
  25: [
    { text: t("Ô phù văn thứ nhất", "First rune socket"), ref: "guide:runes-and-talismans" },
    { text: t("Đầm Đom Đóm", "Firefly Marsh"), ref: "district:firefly-marsh" },
  ],
  30: [{ text: t("Kỹ năng thứ ba của lớp nhân vật", "Third class skill") }, { text: t("Ô bùa hộ mệnh thứ nhất", "First talisman slot") }],
  35: [
    { text: t("Ô phù văn thứ hai", "Second rune socket") },
    { text: t("Hầm ngục 5 người", "5-player dungeons"), ref: "marker:marsh-sunken-temple" },
  ],
  40: [{ text: t("Sa Mạc Tro Bạc và giao chiến tự do", "Ashveil Dunes and open PvP"), ref: "district:ashveil-dunes" }],
  45: [{ text: t("Ô phù văn thứ ba", "Third rune socket") }],
  50: [
    { text: t("Ô bùa hộ mệnh thứ hai", "Second talisman slot") },
    { text: t("Công thành thái ấp", "Manor sieges"), ref: "guide:manors-and-trade" },
  ],
  55: [{ text: t("Đỉnh Băng Lam", "Bluefrost Peaks"), ref: "district:bluefrost-peaks" }],
  60: [{ text: t("Chiêu cuối của lớp nhân vật", "Class ultimate skill") }],
  65: [{ text: t("Ô phù văn thứ tư: kích hoạt bộ 4 món", "Fourth rune socket: 4-piece set bonuses") }],
  70: [{ text: t("Núi Hỏa Diệm", "Emberpeak"), ref: "district:emberpeak" }],
  75: [{ text: t("Rèn vũ khí Hỏa Diệm", "Ember weapons"), ref: "recipe:craft-ember-sword" }],
  80: [{ text: t("Cường hóa +10 lên +15", "Enhancement from +10 to +15"), ref: "item:greater-enhancement-stone" }],
  85: [{ text: t("Vực Sao Rơi", "Starfall Rift"), ref: "district:starfall-rift" }],
  90: [{ text: t("Rèn vũ khí Tinh Lạc", "Starfallen weapons"), ref: "recipe:craft-starfallen-sword" }],
  100: [{ text: t("Danh hiệu Tinh Chủ", "The Star Sovereign title") }],
};

export const MAX_LEVEL = 100;

/** XP to go from `level` to the next: a smooth power curve rounded to tens. */
export function xpToNext(level: number): number {
  return Math.round((60 * level ** 2.2 + 240 * level + 100) / 10) * 10;
}

export function buildLevels() {
  return Array.from({ length: MAX_LEVEL }, (_, i) => {
    const level = i + 1;
    return {
      id: `level-${level}`,
      level,
      name: level === MAX_LEVEL ? t("Tinh Chủ", "Star Sovereign") : RANKS[Math.floor(level / 10)]!,
      xpToNext: level === MAX_LEVEL ? null : xpToNext(level),
      unlocks: UNLOCKS[level] ?? [],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Events

export function buildEvents() {
  return [
    {
      id: "crimson-wyrm-wakes",
      name: t("Hỏa Long Thức Giấc", "The Crimson Wyrm Wakes"),
      description: t(
        "Mỗi tối thứ Bảy, Hỏa Long Xích Viêm rời miệng núi lửa. Các bang hội có hai giờ để hạ nó; bang gây nhiều sát thương nhất nhận rương Hỏa Long.",
        "Every Saturday night the Crimson Wyrm leaves its crater. Clans have two hours to bring it down; the clan that deals the most damage wins the Wyrm Chest.",
      ),
      icon: "game-icons:dragon-breath",
      kind: "boss",
      minLevel: 70,
      district: "emberpeak",
      schedule: { type: "weekly", weekdays: [6], time: "20:00", durationMinutes: 120 },
      rewards: [
        { item: "wyrm-scale", quantity: 1 },
        { item: "phoenix-feather", quantity: 2 },
        { item: "ember-coal", quantity: 20 },
      ],
    },
    {
      id: "harvest-hour",
      name: t("Giờ Vàng Thu Hoạch", "Golden Harvest Hour"),
      description: t(
        "Trưa và tối mỗi ngày, tài nguyên ở Đồng Lúa Gió mọc lại nhanh gấp đôi và mỗi lần thu thập có thể ra thêm một phần.",
        "Every noon and evening, resources in the Windfield Plains regrow twice as fast and each gather may yield an extra share.",
      ),
      icon: "game-icons:wheat",
      kind: "gathering",
      minLevel: 5,
      district: "windfield-plains",
      schedule: { type: "daily", times: ["12:00", "19:00"], durationMinutes: 60 },
      rewards: [
        { item: "sticky-rice", quantity: 10 },
        { item: "cloudsilk-cocoon", quantity: 10 },
      ],
    },
    {
      id: "ashveil-arena",
      name: t("Đấu Trường Cát Bạc", "Ashveil Arena"),
      description: t(
        "Chiến trường 15 đấu 15 giữa bão cát. Giữ ba cột tinh thạch lâu nhất để thắng; điểm chiến trường tính vào xếp hạng mùa.",
        "A 15-versus-15 battleground inside a sandstorm. Hold the three crystal pillars the longest to win; battleground points count towards the season ranking.",
      ),
      icon: "game-icons:crossed-swords",
      kind: "pvp",
      minLevel: 40,
      district: "ashveil-dunes",
      schedule: { type: "weekly", weekdays: [3, 7], time: "21:00", durationMinutes: 60 },
      rewards: [
        { item: "enhancement-stone", quantity: 2 },
        { item: "antidote", quantity: 5 },
      ],
    },
    {
      id: "lantern-festival",
      name: t("Lễ Hội Đèn Lồng", "Lantern Festival"),
      description: t(
        "Cảng Sương Mù treo đèn khắp phố. Thả Đèn Hoa Đăng xuống bến, giải câu đố đèn lồng với các NPC và đổi đèn lấy Hạc Mây hoặc Thuyền Hoa Đăng.",
        "Mistharbor hangs lanterns down every street. Float Flower Lanterns at the docks, solve lantern riddles with the NPCs and trade lanterns for a Cloud Crane or a Lantern Boat.",
      ),
      icon: "game-icons:asian-lantern",
      kind: "festival",
      minLevel: 1,
      district: "mist-harbor",
      schedule: { type: "relative", startOffsetHours: -72, durationHours: 240 },
      rewards: [
        { item: "flower-lantern", quantity: 5 },
        { item: "sesame-rice-ball", quantity: 10 },
      ],
    },
    {
      id: "meteor-shower",
      name: t("Mưa Sao Băng", "Meteor Shower"),
      description: t(
        "Bầu trời trên Vực Sao Rơi sáng rực; mảnh tinh thạch rơi xuống khắp vực trong hai ngày. Cẩn thận, vùng này vẫn cho phép giao chiến.",
        "The sky over the Starfall Rift lights up and star fragments rain down across it for two days. Careful: it is still an open PvP zone.",
      ),
      icon: "game-icons:burning-meteor",
      kind: "gathering",
      minLevel: 85,
      district: "starfall-rift",
      schedule: { type: "relative", startOffsetHours: 54, durationHours: 48 },
      rewards: [{ item: "star-fragment", quantity: 15 }],
    },
    {
      id: "double-xp-weekend",
      name: t("Cuối Tuần Nhân Đôi Kinh Nghiệm", "Double XP Weekend"),
      description: t(
        "Từ 18:00 thứ Sáu đến hết Chủ nhật, mọi nguồn kinh nghiệm được nhân đôi. Đăng nhập để nhận một Bí Kíp Tu Luyện.",
        "From 18:00 Friday until Sunday night, all experience is doubled. Log in to receive a Training Manual.",
      ),
      icon: "game-icons:upgrade",
      kind: "bonus",
      minLevel: 1,
      schedule: { type: "weekly", weekdays: [5], time: "18:00", durationMinutes: 3240 },
      rewards: [{ item: "training-manual", quantity: 1 }],
    },
    {
      id: "midnight-market",
      name: t("Chợ Phiên Nửa Đêm", "Midnight Market"),
      description: t(
        "Đoàn thương nhân lạ cập bến Cảng Sương Mù lúc 23:00, bán nguyên liệu hiếm với giá hời đến 00:30 rồi nhổ neo.",
        "A caravan of strange merchants lands at Mistharbor at 23:00 and sells rare materials cheaply until 00:30, then sails away.",
      ),
      icon: "game-icons:shop",
      kind: "market",
      minLevel: 10,
      district: "mist-harbor",
      schedule: { type: "daily", times: ["23:00"], durationMinutes: 90 },
      rewards: [],
    },
    {
      id: "moonlit-duel",
      name: t("Tỉ Thí Dưới Trăng", "Moonlit Duel"),
      description: t(
        "Giải đấu tay đôi cuối mùa Tinh Lạc trên Bậc Thang Lơ Lửng. Đăng ký theo máy chủ; 16 người mạnh nhất mỗi máy chủ vào vòng chung kết.",
        "The end-of-Starfall one-on-one tournament on the Floating Stair. Sign up per server; each server's top 16 reach the finals.",
      ),
      icon: "game-icons:sword-clash",
      kind: "pvp",
      minLevel: 60,
      district: "starfall-rift",
      schedule: { type: "fixed", startsAt: "2026-12-19T19:00:00+07:00", endsAt: "2026-12-20T22:00:00+07:00" },
      rewards: [
        { item: "starstone", quantity: 2 },
        { item: "greater-enhancement-stone", quantity: 3 },
      ],
    },
  ];
}
