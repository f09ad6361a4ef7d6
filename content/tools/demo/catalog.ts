/** Classes, mounts, pets, runes and talismans of the demo pack. */
import { t, type L } from "./text.ts";

const icon = (name: string) => `game-icons:${name}`;
type Obtain = { method: string; source?: string; note?: L };
const drop = (marker: string): Obtain => ({ method: "drop", source: `marker:${marker}` });
const shop = (marker: string): Obtain => ({ method: "shop", source: `marker:${marker}` });
const quest = (marker: string): Obtain => ({ method: "quest", source: `marker:${marker}` });
const event = (id: string): Obtain => ({ method: "event", source: `event:${id}` });
const season = (id: string): Obtain => ({ method: "season", source: `season:${id}` });

// ---------------------------------------------------------------------------------------------
// Classes

type Skill = [id: string, vi: string, en: string, descVi: string, descEn: string, iconName: string, unlock: number, cooldown: number, mana: number];

const skills = (list: Skill[]) =>
  list.map(([id, vi, en, descVi, descEn, iconName, unlockLevel, cooldownSeconds, manaCost]) => ({
    id,
    name: t(vi, en),
    description: t(descVi, descEn),
    icon: icon(iconName),
    unlockLevel,
    cooldownSeconds,
    manaCost,
  }));

export function buildClasses() {
  return [
    {
      id: "swordsman",
      name: t("Kiếm Sĩ", "Swordsman"),
      icon: icon("swordman"),
      role: "melee",
      difficulty: 1,
      summary: t("Cận chiến cân bằng, dễ chơi, vừa đánh vừa đỡ.", "Balanced melee, easy to learn, trades blows and parries."),
      description: t(
        "Kiếm Sĩ là lớp nhân vật đầu tiên của đội tuần tra Cảng Sương Mù. Họ mặc giáp nặng, dùng kiếm thẳng và có thể cầm khiên khi cần trụ lâu. Không có điểm yếu rõ rệt, Kiếm Sĩ là lựa chọn tốt nhất cho người mới.",
        "Swordsmen are the backbone of the Mistharbor watch. They wear heavy armor, fight with straight swords and can take up a shield when they must hold the line. With no glaring weakness, the Swordsman is the best choice for a newcomer.",
      ),
      weapons: ["sword"],
      baseStats: { hp: 620, mp: 180, attack: 42, defense: 30, magicDefense: 18, accuracy: 90, critRate: 5 },
      statsPerLevel: { hp: 64, mp: 8, attack: 4.2, defense: 2.6, magicDefense: 1.5 },
      skills: skills([
        ["rising-slash", "Thượng Kiếm Trảm", "Rising Slash", "Chém hất lên, gây 160% sát thương và hất tung kẻ địch nhỏ.", "An upward cut for 160% damage that launches small foes.", "sword-wound", 1, 6, 20],
        ["parry", "Đỡ Đòn", "Parry", "Đỡ đòn cận chiến kế tiếp trong 1,5 giây và phản 80% sát thương.", "Parries the next melee hit within 1.5 s and reflects 80% of it.", "sword-clash", 10, 12, 30],
        ["whirling-steel", "Kiếm Phong Luân", "Whirling Steel", "Xoay kiếm ba vòng, chém mọi kẻ địch xung quanh.", "Spins three times, cutting every foe around you.", "spinning-sword", 30, 15, 60],
        ["harbor-oath", "Lời Thề Bến Cảng", "Harbor Oath", "Tăng 20% phòng thủ cho cả đội trong 10 giây.", "+20% defence for the whole party for 10 s.", "knight-banner", 60, 60, 100],
      ]),
      recommended: {
        items: ["ember-sword", "crimson-flame-breastplate", "ember-shield", "amber-ring"],
        runeSets: ["fury-flame", "bedrock"],
        talismans: ["tiger-claw-amulet", "iron-oath-tablet"],
        pets: ["ember-kit", "pebble-crab"],
        mounts: ["white-tiger"],
      },
    },
    {
      id: "blademaster",
      name: t("Đao Khách", "Blademaster"),
      icon: icon("swordwoman"),
      role: "melee",
      difficulty: 3,
      summary: t("Sát thương bùng nổ, chí mạng cao, nhưng máu mỏng.", "Explosive damage and high crits, but fragile."),
      description: t(
        "Đao Khách là những kiếm khách lang bạt, dùng đao cong một lưỡi và sống bằng những nhát chém chí mạng. Họ mặc giáp da để di chuyển nhanh, ra vào trận như gió. Khó chơi: đứng sai chỗ một giây là nằm xuống.",
        "Blademasters are wandering duelists with curved single-edged sabers who live by the critical strike. They wear leather to move fast, in and out of a fight like the wind. Hard to master: stand in the wrong place for a second and you are down.",
      ),
      weapons: ["saber"],
      baseStats: { hp: 480, mp: 160, attack: 48, defense: 20, magicDefense: 15, evasion: 8, critRate: 10, critDamage: 160 },
      statsPerLevel: { hp: 48, mp: 7, attack: 4.8, defense: 1.8, magicDefense: 1.2 },
      skills: skills([
        ["crescent-cut", "Nguyệt Trảm", "Crescent Cut", "Nhát chém hình trăng khuyết, 180% sát thương, chắc chắn chí mạng lên mục tiêu đang chảy máu.", "A crescent-shaped cut for 180% damage, always critical on a bleeding target.", "crescent-blade", 1, 7, 25],
        ["shadow-step", "Ảnh Bộ", "Shadow Step", "Lướt ra sau lưng mục tiêu và né mọi đòn trong 0,5 giây.", "Blink behind your target and dodge everything for 0.5 s.", "shadow-follower", 10, 14, 30],
        ["hundred-cuts", "Bách Đao Trảm", "Hundred Cuts", "Chém liên tục trong 2 giây, mỗi nhát 40% sát thương, gây chảy máu.", "Slash for 2 s, 40% damage per cut, causing bleeding.", "blade-bite", 30, 18, 70],
        ["last-breath", "Hơi Thở Cuối", "Last Breath", "Khi máu dưới 20%, nhát chém kế tiếp gây gấp ba sát thương.", "Below 20% health, your next cut deals triple damage.", "sword-brandish", 60, 90, 80],
      ]),
      recommended: {
        items: ["ember-saber", "nightwalker-jerkin", "ember-ring", "bluefrost-pendant"],
        runeSets: ["moonshade", "fury-flame"],
        talismans: ["shadow-knot", "tiger-claw-amulet"],
        pets: ["soot-cat", "inky"],
        mounts: ["frost-wolf"],
      },
    },
    {
      id: "ironwarden",
      name: t("Thiết Vệ", "Ironwarden"),
      icon: icon("spartan-helmet"),
      role: "tank",
      difficulty: 2,
      summary: t("Tấm khiên của cả đội: thương dài, khiên dày, giữ trùm.", "The party's shield: long spear, heavy shield, holds the boss."),
      description: t(
        "Thiết Vệ đứng ở hàng đầu với trường thương và khiên tròn. Họ khiêu khích kẻ địch, chịu đòn thay đồng đội và giữ trùm quay lưng về phía cả đội. Không có Thiết Vệ, hầm ngục 5 người gần như bất khả thi.",
        "Ironwardens stand in the front rank with a long spear and a round shield. They taunt enemies, take the hits meant for allies and keep the boss's back to the party. Without an Ironwarden, five-player dungeons are nearly impossible.",
      ),
      weapons: ["spear"],
      baseStats: { hp: 780, mp: 150, attack: 34, defense: 42, magicDefense: 26, accuracy: 85 },
      statsPerLevel: { hp: 82, mp: 6, attack: 3.2, defense: 3.4, magicDefense: 2.2 },
      skills: skills([
        ["challenge", "Khiêu Chiến", "Challenge", "Buộc mọi kẻ địch trong 8 mét tấn công bạn trong 4 giây.", "Forces every enemy within 8 m to attack you for 4 s.", "shield-bash", 1, 10, 20],
        ["spear-wall", "Thương Trận", "Spear Wall", "Dựng rào thương trước mặt, chặn lao tới và giảm 30% sát thương phía trước.", "Plants a wall of spears that stops charges and cuts frontal damage by 30%.", "spears", 10, 16, 40],
        ["iron-bulwark", "Thiết Bích", "Iron Bulwark", "Giảm 50% sát thương nhận vào trong 6 giây.", "Take 50% less damage for 6 s.", "bell-shield", 30, 45, 60],
        ["guardian-vow", "Hộ Thân Thệ", "Guardian's Vow", "Nhận thay 40% sát thương của một đồng đội trong 8 giây.", "Take 40% of an ally's damage for 8 s.", "chained-heart", 60, 60, 80],
      ]),
      recommended: {
        items: ["bluefrost-spear", "bluefrost-shield", "crimson-flame-breastplate", "ember-pendant"],
        runeSets: ["bedrock", "wellspring"],
        talismans: ["iron-oath-tablet", "charm-of-safe-roads"],
        pets: ["pebble-crab", "thornback-hedgehog"],
        mounts: ["war-elephant"],
      },
    },
    {
      id: "ranger",
      name: t("Xạ Thủ", "Ranger"),
      icon: icon("bowman"),
      role: "ranged",
      difficulty: 2,
      summary: t("Bắn xa, linh hoạt, giỏi thả diều và đặt bẫy.", "Long range and mobile, good at kiting and traps."),
      description: t(
        "Xạ Thủ lớn lên trong Rừng Trúc Ngân, nơi cung tốt nhất lục địa được làm ra. Họ giữ khoảng cách, bắn trúng yếu điểm và đặt bẫy để kẻ địch không thể áp sát. Rất mạnh khi được Thiết Vệ che chắn.",
        "Rangers grow up in the Silverbamboo Forest, where the continent's finest bows are made. They keep their distance, hit weak points and lay traps so enemies never close in. Deadly behind a good Ironwarden.",
      ),
      weapons: ["bow"],
      baseStats: { hp: 500, mp: 170, attack: 45, defense: 22, magicDefense: 18, accuracy: 110, critRate: 8, critDamage: 150 },
      statsPerLevel: { hp: 50, mp: 7, attack: 4.5, defense: 1.9, magicDefense: 1.4 },
      skills: skills([
        ["piercing-arrow", "Xuyên Tâm Tiễn", "Piercing Arrow", "Mũi tên xuyên qua mọi kẻ địch trên đường bay, 150% sát thương.", "An arrow that passes through every foe in its path, 150% damage.", "arrow-flights", 1, 6, 20],
        ["bamboo-snare", "Bẫy Trúc", "Bamboo Snare", "Đặt bẫy trói chân kẻ địch đầu tiên bước vào trong 3 giây.", "Lays a trap that roots the first enemy to step in for 3 s.", "wolf-trap", 10, 14, 30],
        ["arrow-rain", "Vũ Tiễn", "Arrow Rain", "Bắn mưa tên xuống một vùng trong 4 giây.", "Rains arrows on an area for 4 s.", "arrow-cluster", 30, 20, 70],
        ["eagle-eye", "Ưng Nhãn", "Eagle Eye", "Tăng 30% tầm bắn và 20% chí mạng trong 10 giây.", "+30% range and +20% critical rate for 10 s.", "hawk-emblem", 60, 75, 80],
      ]),
      recommended: {
        items: ["ember-bow", "duststorm-jerkin", "ember-ring", "amber-pendant"],
        runeSets: ["gale", "moonshade"],
        talismans: ["crane-feather-charm", "mirror-of-clear-mind"],
        pets: ["wind-sparrow", "snow-owl"],
        mounts: ["silverbamboo-stag"],
      },
    },
    {
      id: "arcanist",
      name: t("Pháp Sư", "Arcanist"),
      icon: icon("wizard-face"),
      role: "caster",
      difficulty: 2,
      summary: t("Phép thuật diện rộng, sát thương cao, cần được bảo vệ.", "Area spells and high damage, needs protecting."),
      description: t(
        "Pháp Sư học cách rút linh lực từ tinh thạch để điều khiển lửa, băng và sét. Một chiêu đúng lúc có thể quét sạch cả bầy quái, nhưng áo lụa không đỡ được bao nhiêu đòn. Quản lý mana là kỹ năng sống còn.",
        "Arcanists learn to draw spirit power from star crystals to command fire, ice and lightning. One well-timed spell can wipe out a whole pack, but silk robes stop few blows. Managing mana is the skill that keeps them alive.",
      ),
      weapons: ["staff"],
      baseStats: { hp: 420, mp: 320, magicAttack: 52, defense: 14, magicDefense: 30, accuracy: 95, critRate: 5 },
      statsPerLevel: { hp: 42, mp: 16, magicAttack: 5.2, defense: 1.2, magicDefense: 2.4 },
      skills: skills([
        ["ember-bolt", "Hỏa Cầu", "Ember Bolt", "Bắn cầu lửa gây 170% sát thương phép và thiêu đốt.", "A fireball for 170% magic damage that sets the target alight.", "fire-spell-cast", 1, 4, 25],
        ["frost-nova", "Băng Phong", "Frost Nova", "Đóng băng kẻ địch quanh bạn trong 2 giây.", "Freezes enemies around you for 2 s.", "ice-bolt", 10, 18, 50],
        ["chain-lightning", "Liên Hoàn Lôi", "Chain Lightning", "Tia sét nhảy qua 5 mục tiêu, mỗi lần giảm 15%.", "Lightning that jumps across 5 targets, 15% weaker each jump.", "lightning-storm", 30, 12, 70],
        ["starfall", "Tinh Lạc Thuật", "Starfall", "Gọi mưa sao băng xuống vùng chọn, 600% sát thương trong 3 giây.", "Calls a meteor shower on an area, 600% damage over 3 s.", "meteor-impact", 60, 90, 200],
      ]),
      recommended: {
        items: ["ember-staff", "starfallen-robe", "ember-pendant", "bluefrost-ring"],
        runeSets: ["starfall", "wellspring"],
        talismans: ["starcaller-seal", "mirror-of-clear-mind"],
        pets: ["firefly-sprite", "star-wisp"],
        mounts: ["cloud-crane"],
      },
    },
    {
      id: "physician",
      name: t("Y Sư", "Physician"),
      icon: icon("sun-priest"),
      role: "healer",
      difficulty: 2,
      summary: t("Hồi máu, giải hiệu ứng, giữ cả đội sống sót.", "Heals, cleanses and keeps the party alive."),
      description: t(
        "Y Sư học nghề ở Đầm Đom Đóm dưới tay những thầy thuốc già. Một cái phẩy quạt là gió lành hồi máu cho cả đội; một nắm linh thảo là giải được độc bọ cạp. Hầm ngục khó và trùm thế giới đều cần ít nhất một Y Sư.",
        "Physicians learn their trade from the old herbalists of the Firefly Marsh. A sweep of the fan sends a healing breeze through the party; a pinch of spirit herb cures scorpion venom. Hard dungeons and world bosses all need at least one Physician.",
      ),
      weapons: ["fan"],
      baseStats: { hp: 460, mp: 300, magicAttack: 36, defense: 18, magicDefense: 28, healingPower: 40 },
      statsPerLevel: { hp: 46, mp: 15, magicAttack: 3.4, defense: 1.5, magicDefense: 2.2, healingPower: 4.5 },
      skills: skills([
        ["healing-breeze", "Gió Lành", "Healing Breeze", "Hồi máu cho mọi đồng đội trước mặt theo hình nón.", "Heals every ally in a cone in front of you.", "wind-slap", 1, 5, 30],
        ["herbal-cleanse", "Giải Độc Thảo", "Herbal Cleanse", "Xóa mọi hiệu ứng xấu trên một đồng đội.", "Removes every harmful effect from one ally.", "herbs-bundle", 10, 12, 40],
        ["lotus-bloom", "Liên Hoa Khai", "Lotus Bloom", "Đặt hoa sen dưới chân, hồi máu liên tục cho người đứng trong vùng 8 giây.", "Blooms a lotus that heals everyone standing on it for 8 s.", "lotus-flower", 30, 25, 90],
        ["second-dawn", "Hồi Sinh", "Second Dawn", "Hồi sinh một đồng đội với 60% máu.", "Revives an ally with 60% health.", "heart-plus", 60, 180, 200],
      ]),
      recommended: {
        items: ["ember-fan", "frostveil-robe", "bluefrost-pendant", "amber-ring"],
        runeSets: ["wellspring", "gale"],
        talismans: ["lotus-seal", "phoenix-tear"],
        pets: ["moon-rabbit", "jade-toad"],
        mounts: ["ancient-stone-turtle"],
      },
    },
    {
      id: "bard",
      name: t("Cầm Sư", "Bard"),
      icon: icon("lyre"),
      role: "support",
      difficulty: 3,
      summary: t("Tiếp sức cho đồng đội bằng tiếng đàn, khống chế kẻ địch.", "Empowers allies with music and controls enemies."),
      description: t(
        "Cầm Sư đi khắp Lạc Vân với cây đàn nguyệt, hát lại những khúc ca từ thời Thiên Thành còn lơ lửng trên mây. Tiếng đàn của họ tăng tốc, tăng sức cho đồng đội và làm kẻ địch mất phương hướng. Mạnh nhất khi biết đổi khúc đúng lúc.",
        "Bards roam Cloudfall with their moon lutes, singing songs from the days when the Sky Citadel floated among the clouds. Their music quickens and strengthens allies and leaves enemies reeling. Strongest when they switch songs at the right moment.",
      ),
      weapons: ["lute"],
      baseStats: { hp: 470, mp: 280, magicAttack: 40, defense: 18, magicDefense: 24, moveSpeed: 5, cooldownReduction: 5 },
      statsPerLevel: { hp: 47, mp: 13, magicAttack: 3.8, defense: 1.5, magicDefense: 2 },
      skills: skills([
        ["marching-song", "Hành Khúc", "Marching Song", "Bài hát kéo dài: đồng đội quanh bạn tăng 10% tốc độ chạy và tấn công.", "A lasting song: nearby allies gain 10% move and attack speed.", "musical-notes", 1, 2, 10],
        ["discord", "Loạn Âm", "Discord", "Làm choáng kẻ địch trong vùng 1,5 giây.", "Stuns enemies in an area for 1.5 s.", "sound-waves", 10, 16, 40],
        ["lullaby-of-the-sky", "Thiên Không Dao", "Lullaby of the Sky", "Ru ngủ một kẻ địch trong 6 giây; đòn đánh sẽ làm nó tỉnh.", "Puts one enemy to sleep for 6 s; any hit wakes it.", "music-spell", 30, 30, 60],
        ["anthem-of-the-citadel", "Thiên Thành Ca", "Anthem of the Citadel", "Cả đội tăng 15% mọi chỉ số trong 12 giây.", "+15% to every stat for the whole party for 12 s.", "ringing-bell", 60, 120, 150],
      ]),
      recommended: {
        items: ["ember-lute", "frostveil-robe", "ember-pendant", "pearl-ring"],
        runeSets: ["gale", "starfall"],
        talismans: ["wind-chime", "crane-feather-charm"],
        pets: ["golden-monkey", "wind-sparrow"],
        mounts: ["lantern-boat"],
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Mounts

type MountSpec = [id: string, vi: string, en: string, descVi: string, descEn: string, iconName: string, rarity: string, level: number, terrains: string[], speed: number, seats: number, obtain: Obtain[]];

const MOUNTS: MountSpec[] = [
  ["brown-horse", "Ngựa Nâu", "Brown Horse", "Ngựa thồ hiền lành của bến cảng, ai cũng có thể cưỡi.", "A gentle harbor packhorse anyone can ride.", "horse-head", "common", 10, ["ground"], 30, 1, [shop("harbor-market")]],
  ["water-buffalo", "Trâu Nước", "Water Buffalo", "Chậm mà chắc, lội được ruộng ngập và chở thêm một người.", "Slow but steady, wades flooded paddies and carries a passenger.", "buffalo-head", "common", 12, ["ground", "water"], 25, 2, [quest("plains-elder-hoa")]],
  ["mountain-goat", "Dê Núi", "Mountain Goat", "Leo vách đá dựng đứng như đi trên đất bằng.", "Climbs sheer cliffs as if they were flat ground.", "goat", "uncommon", 50, ["ground"], 35, 1, [shop("peaks-frozen-lake")]],
  ["silverbamboo-stag", "Hươu Trúc Ngân", "Silverbamboo Stag", "Sừng hươu phát sáng dưới trăng, chạy không một tiếng động.", "Its antlers glow under the moon; it runs without a sound.", "deer", "rare", 25, ["ground"], 45, 1, [drop("forest-silver-tiger")]],
  ["ashveil-camel", "Lạc Đà Cát Bạc", "Ashveil Camel", "Không mất tốc độ trong bão cát, chở được hai người.", "Loses no speed in sandstorms and carries two.", "camel", "uncommon", 40, ["ground"], 40, 2, [shop("dunes-caravan")]],
  ["giant-marsh-frog", "Ếch Đầm Khổng Lồ", "Giant Marsh Frog", "Nhảy qua bùn lầy và bơi giỏi; hơi xóc một chút.", "Leaps over mud and swims well; a bit of a bumpy ride.", "frog", "uncommon", 30, ["ground", "water"], 38, 1, [quest("marsh-herbalist-mai")]],
  ["frost-wolf", "Sói Băng", "Frost Wolf", "Con của bầy Sói Tuyết Già, chỉ chịu người đã thắng thủ lĩnh của nó.", "A cub of the Elder Snow Wolf's pack, loyal only to one who beat its leader.", "wolf-head", "rare", 60, ["ground"], 55, 1, [drop("peaks-elder-wolf")]],
  ["white-tiger", "Bạch Hổ", "White Tiger", "Hổ trắng oai vệ, chỉ xuất hiện trong phần thưởng mùa giải.", "A majestic white tiger, only ever a season reward.", "tiger", "epic", 60, ["ground"], 60, 1, [season("season-2-frostbound")]],
  ["war-elephant", "Voi Chiến", "War Elephant", "Chở ba người, húc đổ hàng rào trong trận công thành thái ấp.", "Carries three and knocks down palisades in manor sieges.", "elephant", "epic", 70, ["ground"], 35, 3, [quest("dunes-caravan")]],
  ["cloud-crane", "Hạc Mây", "Cloud Crane", "Hạc trắng chở người bay qua các vùng đã mở điểm dịch chuyển.", "A white crane that flies you between unlocked waypoints.", "heron", "epic", 65, ["ground", "air"], 70, 1, [event("lantern-festival")]],
  ["ancient-stone-turtle", "Rùa Đá Cổ", "Ancient Stone Turtle", "Rùa già ngàn năm, mai phủ rêu; chậm trên cạn nhưng bơi rất nhanh.", "A thousand-year turtle with a mossy shell: slow on land, swift at sea.", "turtle", "rare", 35, ["ground", "water"], 30, 2, [drop("harbor-stonecrab")]],
  ["great-night-moth", "Ngài Đêm Khổng Lồ", "Great Night Moth", "Bướm đêm to bằng con ngựa, lượn thấp trên mặt đầm lấp lánh.", "A moth the size of a horse gliding low over the glittering marsh.", "butterfly", "rare", 45, ["air"], 50, 1, [drop("marsh-firefly-queen")]],
  ["ember-qilin", "Kỳ Lân Hỏa Diệm", "Ember Qilin", "Kỳ lân bờm lửa, để lại dấu chân cháy xém trên đường đi.", "A fire-maned qilin that leaves scorched hoofprints.", "unicorn", "legendary", 80, ["ground"], 75, 1, [drop("ember-crimson-wyrm")]],
  ["meteor-dragon", "Rồng Sao Băng", "Meteor Dragon", "Rồng non sinh ra từ tinh thạch, bay kéo theo một vệt sáng.", "A young dragon born of star crystal, flying with a trail of light.", "spiked-dragon-head", "legendary", 90, ["ground", "air"], 90, 1, [season("season-3-starfall")]],
  ["lantern-boat", "Thuyền Hoa Đăng", "Lantern Boat", "Thuyền gỗ treo đèn lồng, chở cả nhóm bốn người qua sông và đầm.", "A wooden boat hung with lanterns that ferries four across rivers and marsh.", "sailboat", "rare", 20, ["water"], 40, 4, [event("lantern-festival")]],
];

export function buildMounts() {
  return MOUNTS.map(([id, vi, en, descVi, descEn, iconName, rarity, level, terrains, speedBonus, seats, obtain]) => ({
    id,
    name: t(vi, en),
    description: t(descVi, descEn),
    icon: icon(iconName),
    rarity,
    level,
    tags: terrains.includes("air") ? ["flying"] : terrains.includes("water") ? ["swimming"] : ["riding"],
    terrains,
    speedBonus,
    seats,
    stats: { moveSpeed: Math.round(speedBonus / 10), hp: level * 10 },
    obtain,
  }));
}

// ---------------------------------------------------------------------------------------------
// Pets

type PetSpec = [id: string, vi: string, en: string, descVi: string, descEn: string, iconName: string, rarity: string, level: number, element: string, stats: Record<string, number>, skillVi: string, skillEn: string, skillDescVi: string, skillDescEn: string, cooldown: number, obtain: Obtain[]];

const PETS: PetSpec[] = [
  ["soot-cat", "Mèo Mun", "Soot", "Mèo đen lông mượt, hay ngồi trên mái lò rèn. Thích rình sau lưng kẻ địch.", "A sleek black cat that naps on forge roofs and loves stalking enemies from behind.", "cat", "uncommon", 10, "shadow", { critRate: 2 }, "Vồ Lén", "Pounce", "Vồ mục tiêu từ sau lưng, làm chậm 30% trong 2 giây.", "Pounces from behind, slowing the target by 30% for 2 s.", 20, [shop("harbor-market")]],
  ["ember-kit", "Cáo Lửa Nhỏ", "Ember Kit", "Cáo con đuôi bốc lửa, lạc xuống từ Núi Hỏa Diệm.", "A fox cub with a flaming tail, strayed down from Emberpeak.", "fox", "rare", 40, "fire", { attack: 20 }, "Đuôi Lửa", "Flame Tail", "Quét đuôi lửa, thiêu đốt kẻ địch quanh bạn.", "Sweeps its burning tail, setting nearby foes alight.", 15, [drop("ember-lava-tubes")]],
  ["firefly-sprite", "Tinh Linh Đom Đóm", "Firefly Sprite", "Một đốm sáng tinh nghịch, theo bạn từ đêm đầu tiên ở đầm lầy.", "A playful spark that followed you home from your first night in the marsh.", "spark-spirit", "rare", 30, "light", { mpRegen: 3 }, "Ánh Sáng Dẫn Đường", "Guiding Light", "Xua tan mù và hồi 5% mana cho chủ.", "Clears blindness and restores 5% mana to its owner.", 30, [drop("marsh-firefly-queen")]],
  ["snow-owl", "Cú Tuyết", "Snow Owl", "Cú trắng của tu viện, nhìn thấy kẻ tàng hình.", "The monastery's white owl, which sees the invisible.", "owl", "rare", 55, "wind", { accuracy: 15 }, "Mắt Đêm", "Night Eye", "Làm lộ kẻ địch tàng hình trong 15 mét.", "Reveals stealthed enemies within 15 m.", 25, [quest("peaks-monastery")]],
  ["jade-toad", "Cóc Ngọc", "Jade Toad", "Cóc ngậm đồng xu, người ta bảo nuôi nó thì tiền vào như nước.", "A toad with a coin in its mouth; they say it brings money pouring in.", "frog", "epic", 20, "earth", { hp: 200 }, "Chiêu Tài", "Fortune's Call", "Tăng 15% vàng nhặt được trong 5 phút.", "+15% gold picked up for 5 minutes.", 600, [event("lantern-festival")]],
  ["golden-monkey", "Khỉ Vàng", "Golden Monkey", "Khỉ lông vàng tinh ranh, hay nhặt trộm đồ của quái.", "A cheeky golden monkey that pilfers from monsters.", "monkey", "uncommon", 15, "earth", { evasion: 5 }, "Thó Đồ", "Pickpocket", "Có 20% cơ hội lấy thêm một vật phẩm khi hạ quái.", "20% chance to steal an extra item from a defeated monster.", 60, [drop("forest-old-shrine")]],
  ["wind-sparrow", "Chim Sẻ Gió", "Wind Sparrow", "Chim sẻ bé xíu của đồng lúa, bay theo gió mà chẳng tốn sức.", "A tiny sparrow of the rice fields that rides the wind effortlessly.", "sparrow", "common", 5, "wind", { moveSpeed: 2 }, "Cánh Gió", "Tailwind", "Tăng 10% tốc độ chạy cho chủ trong 5 giây.", "+10% move speed for its owner for 5 s.", 20, [quest("plains-elder-hoa")]],
  ["moon-rabbit", "Thỏ Ngọc", "Moon Rabbit", "Thỏ trắng giã thuốc dưới trăng, mang theo cối nhỏ xíu.", "A white rabbit that pounds medicine under the moon with a tiny mortar.", "rabbit", "epic", 45, "light", { healingPower: 12 }, "Giã Thuốc", "Pound Medicine", "Hồi 8% máu cho đồng đội yếu nhất gần đó.", "Heals the weakest nearby ally for 8% health.", 18, [season("season-1-ashes")]],
  ["red-carp", "Cá Chép Đỏ", "Red Carp", "Cá chép sống trong quả cầu nước, mơ ngày vượt vũ môn.", "A carp in a floating water bubble, dreaming of leaping the dragon gate.", "circling-fish", "uncommon", 20, "water", { mp: 150 }, "Bong Bóng", "Bubble", "Bọc chủ trong bong bóng hấp thụ 300 sát thương.", "Wraps its owner in a bubble that absorbs 300 damage.", 30, [drop("harbor-stonecrab")]],
  ["thornback-hedgehog", "Nhím Gai", "Thornback Hedgehog", "Nhím con cuộn tròn khi sợ, ai đụng vào là đau tay.", "A hedgehog that curls up when scared; touch it and you'll regret it.", "hedgehog", "uncommon", 25, "earth", { defense: 15 }, "Phản Gai", "Thornback", "Phản 10% sát thương cận chiến trong 6 giây.", "Reflects 10% of melee damage for 6 s.", 30, [drop("forest-silver-tiger")]],
  ["dragon-hatchling", "Rồng Con", "Dragon Hatchling", "Nở ra từ một quả trứng nóng hổi tìm thấy sau trận Hỏa Long.", "Hatched from a scorching egg found after a Crimson Wyrm fight.", "dragon-breath", "legendary", 80, "fire", { attack: 40, magicAttack: 40 }, "Hơi Thở Rồng", "Dragon Breath", "Phun lửa theo hình nón, 300% sát thương phép.", "Breathes fire in a cone for 300% magic damage.", 25, [drop("ember-crimson-wyrm")]],
  ["inky", "Chó Mực", "Inky", "Chó mực trung thành của làng chài, đánh hơi được kho báu chôn.", "The fishing village's loyal black dog, which can sniff out buried treasure.", "sitting-dog", "common", 5, "shadow", { hp: 100 }, "Đánh Hơi", "Sniff Out", "Đánh dấu rương báu và mỏ tài nguyên gần nhất trên bản đồ.", "Marks the nearest treasure chest and resource node on the map.", 120, [shop("harbor-market")]],
  ["pebble-crab", "Cua Đá Con", "Pebble Crab", "Con của Cua Đá Khổng Lồ, mai cứng như đá.", "The Giant Stonecrab's offspring, its shell as hard as stone.", "crab", "uncommon", 10, "water", { defense: 10, hp: 150 }, "Mai Đá", "Stone Shell", "Giảm 10% sát thương chủ nhận trong 5 giây.", "Its owner takes 10% less damage for 5 s.", 30, [drop("harbor-stonecrab")]],
  ["bamboo-panda", "Gấu Trúc Ngân", "Silverbamboo Panda", "Gấu trúc lười biếng, chỉ thức dậy khi có măng non.", "A lazy panda that only wakes for fresh bamboo shoots.", "panda", "epic", 35, "earth", { hp: 400, defense: 10 }, "Ôm Gấu", "Bear Hug", "Giữ chặt một kẻ địch trong 2 giây.", "Holds one enemy fast for 2 s.", 35, [event("harvest-hour")]],
  ["star-wisp", "Đốm Sao", "Star Wisp", "Một mảnh linh hồn của Thiên Thành, lấp lánh và ấm áp.", "A fragment of the Sky Citadel's soul, glittering and warm.", "rainbow-star", "legendary", 90, "light", { magicAttack: 45, cooldownReduction: 3 }, "Sao Băng Nhỏ", "Little Meteor", "Gọi một sao băng nhỏ xuống mục tiêu của chủ.", "Calls a small meteor down on its owner's target.", 20, [season("season-3-starfall")]],
];

export function buildPets() {
  return PETS.map(([id, vi, en, descVi, descEn, iconName, rarity, level, element, stats, skillVi, skillEn, skillDescVi, skillDescEn, cooldownSeconds, obtain]) => ({
    id,
    name: t(vi, en),
    description: t(descVi, descEn),
    icon: icon(iconName),
    rarity,
    level,
    element,
    tags: [element, rarity === "legendary" || rarity === "epic" ? "prized" : "companion"],
    stats,
    skill: { name: t(skillVi, skillEn), description: t(skillDescVi, skillDescEn), cooldownSeconds },
    obtain,
  }));
}

// ---------------------------------------------------------------------------------------------
// Runes: 6 sets × 4 positions

type RuneSetSpec = {
  id: string;
  vi: string;
  en: string;
  description: L;
  icon: string;
  runeIcon: string;
  stat: string;
  perRune: number;
  two: { stats: Record<string, number>; effect: L };
  four: { stats: Record<string, number>; effect: L };
  level: number;
  obtain: Obtain[];
};

const RUNE_SETS: RuneSetSpec[] = [
  {
    id: "fury-flame",
    vi: "Lửa Giận",
    en: "Fury Flame",
    description: t("Phù văn khắc trên đá núi lửa, dành cho những ai thích tấn công dồn dập.", "Runes carved in volcanic rock, for those who love relentless offence."),
    icon: "flame",
    runeIcon: "fire-gem",
    stat: "attack",
    perRune: 18,
    two: { stats: { attack: 40 }, effect: t("Tăng 40 công vật lý.", "+40 attack.") },
    four: { stats: { critDamage: 20 }, effect: t("Đòn chí mạng thiêu đốt mục tiêu 3 giây.", "Critical hits burn the target for 3 s.") },
    level: 40,
    obtain: [drop("ember-lava-tubes")],
  },
  {
    id: "gale",
    vi: "Gió Lốc",
    en: "Gale",
    description: t("Nhẹ như lông vũ gió: chạy nhanh hơn, đánh nhanh hơn.", "Light as a wind feather: run faster, strike faster."),
    icon: "whirlwind",
    runeIcon: "wind-slap",
    stat: "attackSpeed",
    perRune: 2,
    two: { stats: { moveSpeed: 5 }, effect: t("Tăng 5% tốc độ chạy.", "+5% move speed.") },
    four: { stats: { attackSpeed: 8 }, effect: t("Sau khi né đòn, tăng 20% tốc đánh trong 4 giây.", "After dodging, +20% attack speed for 4 s.") },
    level: 20,
    obtain: [drop("plains-scarecrow"), drop("forest-old-shrine")],
  },
  {
    id: "bedrock",
    vi: "Đá Tảng",
    en: "Bedrock",
    description: t("Vững như núi: phù văn của những người đứng ở hàng đầu.", "Steady as a mountain: the runes of those who stand in front."),
    icon: "stone-tower",
    runeIcon: "stone-block",
    stat: "defense",
    perRune: 15,
    two: { stats: { hp: 600 }, effect: t("Tăng 600 máu tối đa.", "+600 max health.") },
    four: { stats: { defense: 40 }, effect: t("Khi máu dưới 30%, nhận lá chắn bằng 15% máu tối đa (1 lần mỗi 60 giây).", "Below 30% health, gain a shield of 15% max health (once every 60 s).") },
    level: 30,
    obtain: [drop("dunes-buried-city")],
  },
  {
    id: "wellspring",
    vi: "Suối Nguồn",
    en: "Wellspring",
    description: t("Phù văn của thầy thuốc và pháp sư: mana không bao giờ cạn.", "Runes for healers and mages: mana that never runs dry."),
    icon: "water-drop",
    runeIcon: "drop",
    stat: "mpRegen",
    perRune: 3,
    two: { stats: { healingPower: 20 }, effect: t("Tăng 20 sức hồi phục.", "+20 healing power.") },
    four: { stats: { mpRegen: 10 }, effect: t("Mỗi lần hồi máu, 10% lượng hồi lan sang đồng đội gần nhất.", "Every heal spills 10% onto the nearest other ally.") },
    level: 30,
    obtain: [drop("marsh-sunken-temple")],
  },
  {
    id: "moonshade",
    vi: "Nguyệt Ảnh",
    en: "Moonshade",
    description: t("Phù văn của kẻ đi đêm: né nhiều hơn, đánh hiểm hơn.", "Runes of the night walker: dodge more, strike deeper."),
    icon: "moon",
    runeIcon: "moon-claws",
    stat: "evasion",
    perRune: 6,
    two: { stats: { critRate: 5 }, effect: t("Tăng 5% tỉ lệ chí mạng.", "+5% critical rate.") },
    four: { stats: { critDamage: 30 }, effect: t("Đòn đầu tiên từ sau lưng luôn chí mạng.", "The first hit from behind is always critical.") },
    level: 55,
    obtain: [drop("peaks-elder-wolf"), event("moonlit-duel")],
  },
  {
    id: "starfall",
    vi: "Sao Băng",
    en: "Meteor",
    description: t("Khắc từ tinh thạch hợp nhất: phép mạnh hơn, hồi chiêu nhanh hơn.", "Carved from fused starstone: stronger spells, faster cooldowns."),
    icon: "falling-star",
    runeIcon: "star-altar",
    stat: "magicAttack",
    perRune: 20,
    two: { stats: { cooldownReduction: 5 }, effect: t("Giảm 5% thời gian hồi chiêu.", "5% cooldown reduction.") },
    four: { stats: { magicAttack: 60 }, effect: t("Chiêu cuối gọi thêm một sao băng nhỏ xuống mục tiêu.", "Your ultimate calls an extra small meteor on the target.") },
    level: 80,
    obtain: [drop("rift-star-heart"), season("season-3-starfall")],
  },
];

const NUMERALS = ["I", "II", "III", "IV"];
const RUNE_RARITIES = ["uncommon", "rare", "epic", "legendary"];

export function buildRunesAndSets() {
  const runeSets = RUNE_SETS.map((set) => ({
    id: set.id,
    name: t(set.vi, set.en),
    description: set.description,
    icon: icon(set.icon),
    bonuses: [
      { pieces: 2, stats: set.two.stats, effect: set.two.effect },
      { pieces: 4, stats: set.four.stats, effect: set.four.effect },
    ],
  }));
  const runes = RUNE_SETS.flatMap((set) =>
    NUMERALS.map((numeral, i) => ({
      id: `${set.id}-rune-${i + 1}`,
      name: t(`Phù Văn ${set.vi} ${numeral}`, `${set.en} Rune ${numeral}`),
      icon: icon(set.runeIcon),
      set: set.id,
      position: i + 1,
      rarity: RUNE_RARITIES[i]!,
      level: set.level + i * 5,
      tags: [set.id, `position-${i + 1}`],
      stats: { [set.stat]: set.perRune * (i + 1) },
      obtain: set.obtain,
    })),
  );
  return { runeSets, runes };
}

// ---------------------------------------------------------------------------------------------
// Talismans

type TalismanSpec = [id: string, vi: string, en: string, descVi: string, descEn: string, iconName: string, rarity: string, level: number, classes: string[], stats: Record<string, number>, effectVi: string, effectEn: string, cooldown: number, obtain: Obtain[]];

const TALISMANS: TalismanSpec[] = [
  ["charm-of-safe-roads", "Bùa Bình An", "Charm of Safe Roads", "Lá bùa đỏ bà con Đồng Lúa Gió treo trước cửa, tặng cho lữ khách giúp làng.", "The red charm Windfield villagers hang by their doors, given to wayfarers who help them.", "charm", "common", 5, [], { hp: 120 }, "Giảm 5% sát thương nhận từ quái thường.", "5% less damage from ordinary monsters.", 0, [quest("plains-elder-hoa")]],
  ["jade-toad-token", "Thẻ Cóc Ngọc", "Jade Toad Token", "Thẻ ngọc khắc hình cóc ngậm tiền, bùa may của dân buôn.", "A jade token of a toad holding a coin, the traders' lucky charm.", "emerald", "uncommon", 15, [], {}, "Tăng 10% vàng nhặt được.", "+10% gold picked up.", 0, [shop("dunes-caravan")]],
  ["tiger-claw-amulet", "Bùa Vuốt Hổ", "Tiger Claw Amulet", "Vuốt của Hổ Trúc Bạc xâu dây đỏ, cho người đeo sự hung hãn của hổ.", "A Silverstripe Tiger claw on a red cord, lending its wearer a tiger's ferocity.", "claws", "rare", 25, ["swordsman", "blademaster"], { critRate: 4 }, "Đòn chí mạng hồi 2% máu.", "Critical hits restore 2% health.", 0, [drop("forest-silver-tiger")]],
  ["lotus-seal", "Ấn Hoa Sen", "Lotus Seal", "Con dấu hoa sen của các thầy thuốc đầm lầy.", "The lotus seal of the marsh herbalists.", "lotus", "rare", 30, ["physician"], { healingPower: 25 }, "Hồi máu lên đồng đội dưới 30% máu mạnh hơn 20%.", "Heals on allies below 30% health are 20% stronger.", 0, [quest("marsh-herbalist-mai")]],
  ["wind-chime", "Chuông Gió", "Wind Chime", "Chuông gió treo hiên tu viện, tiếng ngân kéo dài mãi.", "A monastery wind chime whose ring lingers on and on.", "windchimes", "rare", 30, ["bard"], { cooldownReduction: 3 }, "Bài hát của bạn có tầm ảnh hưởng rộng thêm 30%.", "Your songs reach 30% farther.", 0, [quest("peaks-monastery")]],
  ["mirror-of-clear-mind", "Gương Minh Tâm", "Mirror of Clear Mind", "Gương đồng nhỏ phản chiếu tâm trí, xua tan ảo giác.", "A small bronze mirror that reflects the mind and dispels illusions.", "mirror-mirror", "rare", 35, [], { magicDefense: 25 }, "Kích hoạt: miễn mù và choáng trong 3 giây.", "Use: immune to blind and stun for 3 s.", 60, [drop("marsh-firefly-queen")]],
  ["ember-ward", "Phù Hộ Hỏa", "Ember Ward", "Bùa viết bằng mực trộn tro núi lửa, cần cho ai lên Núi Hỏa Diệm.", "A ward written in ink mixed with volcanic ash, needed by anyone climbing Emberpeak.", "fire-shield", "uncommon", 65, [], { magicDefense: 30 }, "Giảm 25% sát thương lửa.", "25% less fire damage.", 0, [shop("ember-forge-master")]],
  ["frost-ward", "Phù Hộ Băng", "Frost Ward", "Bùa của sư thầy tu viện, giữ ấm người đeo giữa bão tuyết.", "A monk's ward that keeps its wearer warm in a blizzard.", "frozen-orb", "uncommon", 50, [], { hp: 400 }, "Giảm 25% sát thương băng và miễn rét.", "25% less ice damage and immune to cold.", 0, [shop("peaks-monastery")]],
  ["crane-feather-charm", "Bùa Lông Hạc", "Crane Feather Charm", "Lông hạc trắng buộc chỉ ngũ sắc, giúp bước chân nhẹ tênh.", "A white crane feather tied with five-coloured thread for a light step.", "quill", "rare", 40, [], { moveSpeed: 5, evasion: 5 }, "Kích hoạt: lướt 8 mét về phía trước.", "Use: dash 8 m forward.", 30, [event("lantern-festival")]],
  ["iron-oath-tablet", "Thẻ Thiết Thệ", "Iron Oath Tablet", "Thẻ sắt khắc lời thề bảo vệ đồng đội của đội tuần tra.", "An iron tablet bearing the watch's oath to protect their comrades.", "stone-tablet", "epic", 50, ["ironwarden", "swordsman"], { defense: 40, hp: 500 }, "Khiêu khích giữ kẻ địch lâu hơn 2 giây.", "Your taunts hold enemies 2 s longer.", 0, [drop("dunes-buried-city")]],
  ["phoenix-tear", "Giọt Lệ Phượng", "Phoenix Tear", "Giọt lệ đỏ đông lại thành ngọc, tương truyền của phượng hoàng cuối cùng.", "A red tear hardened into a gem, said to be the last phoenix's.", "drop", "epic", 60, [], { hpRegen: 20 }, "Khi bị hạ gục, tự hồi sinh với 20% máu (1 lần mỗi 10 phút).", "When defeated, revive with 20% health (once every 10 minutes).", 600, [drop("ember-crimson-wyrm")]],
  ["starcaller-seal", "Ấn Gọi Sao", "Starcaller Seal", "Ấn ngọc của nhà chiêm tinh, khắc bản đồ bầu trời trước ngày Thiên Thành rơi.", "A stargazer's jade seal engraved with the sky as it was before the fall.", "star-formation", "epic", 70, ["arcanist", "bard"], { magicAttack: 45 }, "Phép diện rộng lớn hơn 15%.", "Area spells are 15% larger.", 0, [quest("rift-stargazer")]],
  ["shadow-knot", "Nút Thắt Bóng Đêm", "Shadow Knot", "Nút dây đen buộc kiểu của Đao Khách, nghe nói thắt bằng bóng tối thật.", "A black cord knotted the Blademaster way, tied, they say, from real shadow.", "knot", "epic", 70, ["blademaster", "ranger"], { evasion: 15, critDamage: 15 }, "Kích hoạt: tàng hình 3 giây, đòn kế tiếp tăng 50% sát thương.", "Use: stealth for 3 s; your next hit deals 50% more damage.", 90, [event("moonlit-duel")]],
  ["harvest-sachet", "Túi Hương Mùa Gặt", "Harvest Sachet", "Túi vải thơm mùi lúa mới, may cho mùa thu hoạch.", "A cloth sachet smelling of new rice, sewn for harvest time.", "swap-bag", "uncommon", 10, [], {}, "Thu thập tài nguyên nhanh hơn 20%.", "Gather resources 20% faster.", 0, [event("harvest-hour")]],
  ["heart-of-the-citadel", "Tâm Thiên Thành", "Heart of the Citadel", "Mảnh lõi của Thiên Thành, vẫn còn đập nhẹ như một trái tim.", "A shard of the Sky Citadel's core that still beats faintly like a heart.", "crystal-shrine", "legendary", 95, [], { hp: 1200, attack: 60, magicAttack: 60, defense: 40, magicDefense: 40 }, "Tăng 8% mọi chỉ số khi ở Vực Sao Rơi.", "+8% to every stat inside the Starfall Rift.", 0, [drop("rift-star-heart"), season("season-3-starfall")]],
];

export function buildTalismans() {
  return TALISMANS.map(([id, vi, en, descVi, descEn, iconName, rarity, level, classes, stats, effectVi, effectEn, cooldownSeconds, obtain]) => ({
    id,
    name: t(vi, en),
    description: t(descVi, descEn),
    icon: icon(iconName),
    rarity,
    level,
    tags: [cooldownSeconds > 0 ? "active" : "passive"],
    classes,
    stats,
    effect: t(effectVi, effectEn),
    cooldownSeconds,
    obtain,
  }));
}
