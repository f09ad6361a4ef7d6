/**
 * Members and feed posts for the bench, generated in SQL (`insert … select generate_series`), on
 * PGlite or PostgreSQL alike: Vietnamese names and texts with their diacritics (and some English
 * posts), a few thousand authors, like and comment counts spread as on a real feed (most posts
 * have few, some many). Everything derives from the row number through `hashtext`, so a seed of
 * the same size is the same data on every run and on both databases.
 */
import { readFileSync } from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.ts";
import { titleBands } from "../universal/contribution/contribution-levels.ts";

export interface CommunitySeed {
  /** Members: the first `authors` of them write every post. */
  members: number;
  authors: number;
  posts: number;
  /** The posts' dates run from `spanDays` ago to now, newest last (ids follow time). */
  spanDays: number;
  /** Real comment rows, as many as each post's count (the post page shows them); the feed lists read only the counts. */
  comments: boolean;
  /** How many deep cursors to return (default 20). */
  deepPages?: number;
}

export interface SeededCommunity {
  /** A member who liked every seventh of the newest 5,000 posts: the signed-in reader. */
  viewerUid: string;
  /** The newest visible Vietnamese post that links a catalog item and has comments: the post page to bench. */
  postId: number;
  /** Visible Vietnamese posts, pinned ones aside. */
  vietnamesePosts: number;
  /** Ids of visible Vietnamese posts from the older half of the feed, for deep pages. */
  deepCursors: number[];
}

const MEMBER_PREFIX = "bench-m";
const prefix = sql.raw(`'${MEMBER_PREFIX}'`);

export const FAMILY = [
  "Nguyễn",
  "Trần",
  "Lê",
  "Phạm",
  "Hoàng",
  "Huỳnh",
  "Phan",
  "Vũ",
  "Võ",
  "Đặng",
  "Bùi",
  "Đỗ",
  "Hồ",
  "Ngô",
  "Dương",
  "Lý",
];
const MIDDLE = ["Văn", "Thị", "Minh", "Quốc", "Thanh", "Ngọc", "Hữu", "Đức", "Gia", "Bảo", "Thu", "Xuân"];
export const GIVEN = [
  "Tuấn",
  "Anh",
  "Hùng",
  "Lan",
  "Hương",
  "Dũng",
  "Long",
  "Phương",
  "Trang",
  "Linh",
  "Huy",
  "Nam",
  "Hải",
  "Khoa",
  "Thảo",
  "Mai",
  "Quân",
  "Vy",
  "Tâm",
  "Thắng",
  "Đạt",
  "Sơn",
  "Hà",
  "Ngân",
  "Phúc",
  "Khánh",
  "Nhung",
  "Trí",
  "Yến",
  "Việt",
];
export const HANDLES = ["Sát Thủ", "Kiếm Khách", "Đại Hiệp", "Lãng Khách", "Tiểu Long", "Bóng Đêm", "Thợ Rèn", "Xạ Thủ"];

const VI_OPEN = [
  "Hôm nay mình vừa",
  "Có ai biết cách",
  "Mẹo nhỏ cho anh em:",
  "Cuối cùng cũng",
  "Anh em cho hỏi về",
  "Chia sẻ kinh nghiệm",
  "Tổng hợp nhanh:",
  "Cảnh báo trước khi",
  "Review thật lòng sau khi",
  "Cần tìm đội để",
];
const VI_MIDDLE = [
  "farm Giáp Thiết ở Rừng Trúc",
  "nâng cấp Kiếm Sắt lên +7",
  "đánh boss Hỏa Long mùa này",
  "ép ngọc cho Ngựa Chiến",
  "mở rương vàng ở Thành Đông",
  "luyện Đao Hoa Đào tới cấp tối đa",
  "ghép bùa hộ mệnh cấp 5",
  "săn thú cưỡi hiếm ở Đầm Lầy",
  "xây trang viên lên cấp 10",
  "đổi rune tốc độ lấy rune phòng thủ",
  "chế tạo Khiên Đồng cho tân thủ",
  "leo tháp thử thách tầng 40",
];
const VI_TAIL = [
  "nhanh nhất không?",
  "mất gần ba tiếng đồng hồ 😅",
  "ai cần thì nhắn tin riêng nhé.",
  "tỉ lệ rơi đồ khá thấp, đừng nản.",
  "nhớ mang theo thuốc hồi máu!",
  "cảm ơn mọi người đã giúp đỡ.",
  "giá chợ đang tăng mạnh đấy.",
  "chiều nay 8 giờ tối tập trung ở cổng thành.",
];
const VI_DETAIL = [
  "\n\n**Mẹo:** đi theo đường vòng phía bắc để tránh lính gác, tiết kiệm được kha khá thời gian.",
  "\n\n- Chuẩn bị: 20 thuốc hồi máu, 5 cuộn giấy dịch chuyển\n- Đội hình: 1 đỡ đòn, 2 sát thương, 1 hồi máu",
  "\n\nMình thử ba lần thì thành công một lần, vật liệu tốn khoảng 1.200 vàng. Ai có cách rẻ hơn thì chỉ với.",
  "\n\nXem thêm hướng dẫn trong mục [Cẩm nang](/guide) nhé, viết rất chi tiết.",
];
const EN_OPEN = ["Quick tip:", "Does anyone know how to", "Finally managed to", "Heads-up before you", "Looking for a party to"];
const EN_MIDDLE = [
  "farm Iron Armor in the Bamboo Forest",
  "upgrade the Iron Sword to +7",
  "beat the Fire Dragon this season",
  "socket gems into a War Horse",
  "open the golden chests in East City",
];
const EN_TAIL = ["in under an hour?", "took me three tries.", "drop rates are low, keep going!", "bring healing potions!"];

/** A constant text array, quoted as SQL literals (the texts above are ours, not input). */
function textArray(values: readonly string[]): SQL {
  return sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")}]::text[]`);
}

/** Constants written into the statement, not sent as parameters: PostgreSQL cannot type `$1 - $2` or `$1 || g`. */
export const lit = (text: string): SQL => sql.raw(`'${text.replaceAll("'", "''")}'`);
export const int = (value: number): SQL => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
};

/** An integer in [0, n) from the row number `g` and a salt: the same on every run and on both databases. */
export const pick = (salt: string, n: number, row: SQL = sql`g`): SQL =>
  sql`((hashtext(${lit(salt)} || ${row}::text)::bigint + 2147483648) % ${int(n)})`;
/** A number in [0, 1), likewise. */
export const uniform = (salt: string, row: SQL = sql`g`): SQL =>
  sql`((hashtext(${lit(salt)} || ${row}::text)::bigint + 2147483648) / 4294967296.0)`;
export const element = (values: readonly string[], salt: string, row?: SQL): SQL =>
  sql`(${textArray(values)})[1 + ${pick(salt, values.length, row)}]`;

function titleOf(level: SQL): SQL {
  const bands = [...titleBands].reverse();
  return sql.join(
    [sql`case`, ...bands.map((band) => sql`when ${level} >= ${int(band.fromLevel)} then ${lit(band.title)}`), sql`end`],
    sql.raw(" "),
  );
}

function itemIds(): string[] {
  const items = JSON.parse(readFileSync("content/demo/items.json", "utf8")) as { id: string }[];
  return items.map((item) => item.id);
}

export function memberUid(index: number): string {
  return `${MEMBER_PREFIX}${index}`;
}

/** Members `bench-m{first}` … `bench-m{count}` (a later seed adds to an earlier one's). */
export async function seedMembers(db: Database, count: number, now: number, first = 1): Promise<void> {
  const name = sql`case
    when ${pick("handle", 100)} < 12 then ${element(HANDLES, "h")} || ' ' || ${element(GIVEN, "given")} || ' ' || (g % 1000)::text
    when ${pick("handle", 100)} = 99 then null
    else ${element(FAMILY, "family")} || ' ' || ${element(MIDDLE, "middle")} || ' ' || ${element(GIVEN, "given")} end`;
  const level = sql`(1 + floor(power(${uniform("level")}, 3) * 29.99))::int`;
  const created = sql`(${int(now)} - floor(${uniform("joined")} * 730 * 86400000))::bigint`;
  await db.execute(sql`
    insert into auth_users (id, name, email, email_verified, banned)
    select ${prefix} || g, coalesce(${name}, ''), ${prefix} || g || '@bench.invalid', true, g % 997 = 0
    from generate_series(${int(first)}, ${int(count)}) as g`);
  await db.execute(sql`
    insert into users (uid, email, display_name, role, tag, title, level, created_at)
    select ${prefix} || g, ${prefix} || g || '@bench.invalid', ${name},
           case when g % 5000 = 0 then 'admin' when g % 500 = 0 then 'moderator' else 'user' end,
           case when g % 40 = 0 then 'builder' else 'member' end,
           ${titleOf(level)}, ${level}, ${created}
    from generate_series(${int(first)}, ${int(count)}) as g`);
  await db.execute(sql`
    insert into profile_settings (uid, listed)
    select ${prefix} || g, false from generate_series(${int(first)}, ${int(count)}) as g where g % 50 = 0`);
  await db.execute(sql`
    insert into contribution_totals (uid, points, updated_at)
    select uid, 10 * (level - 1) * (level - 1) + (created_at % 10)::int, ${int(now)} from users
    where uid like ${lit(MEMBER_PREFIX + "%")} and level > 1
    on conflict do nothing`);
}

async function seedPosts(db: Database, seed: CommunitySeed, now: number): Promise<void> {
  const spanMs = seed.spanDays * 86_400_000;
  const vietnamese = sql`${pick("lang", 10)} < 8`;
  const body = sql`case when ${vietnamese}
    then ${element(VI_OPEN, "open")} || ' ' || ${element(VI_MIDDLE, "middle")} || ', ' || ${element(VI_TAIL, "tail")}
         || case when ${pick("long", 3)} = 0 then ' ' || ${element(VI_MIDDLE, "middle2")} || ' — ' || ${element(VI_TAIL, "tail2")} else '' end
         || case when ${pick("detail", 2)} = 0 then ${element(VI_DETAIL, "detail2")} else '' end
    else ${element(EN_OPEN, "open")} || ' ' || ${element(EN_MIDDLE, "middle")} || ' ' || ${element(EN_TAIL, "tail")} end`;
  const items = itemIds();
  const linked = sql`g % 8 = 0`;
  // Pinned: a few recent posts of each language; hidden by moderators: one in 200; deleted by their author: one in 300.
  const pinned = sql`g in (${int(seed.posts - 40)}, ${int(seed.posts - 41)}, ${int(seed.posts - 333)})`;
  await db.execute(sql`
    insert into posts (author_uid, client_id, language, body, entry_kind, entry_id, like_count, comment_count,
                       pinned_at, hidden_at, hidden_by, deleted_at, created_at)
    select ${prefix} || (1 + ${pick("author", seed.authors)}), 'bench-' || g,
           case when ${vietnamese} then 'vi' else 'en-US' end, ${body},
           case when ${linked} then 'items' end, case when ${linked} then ${element(items, "item")} end,
           floor(power(${uniform("likes")}, 4) * 400)::int, floor(power(${uniform("comments")}, 3) * 25)::int,
           case when ${pinned} then ${int(now)} - g end,
           case when g % 200 = 0 then ${int(now)} end, case when g % 200 = 0 then ${lit(memberUid(500))} end,
           case when g % 300 = 0 then ${int(now)} end,
           (${int(now - spanMs)} + g::float8 * ${int(spanMs)} / ${int(seed.posts)})::bigint
    from generate_series(1, ${int(seed.posts)}) as g`);
  if (seed.comments) {
    const row = sql`(p.id * 100 + c)`;
    await db.execute(sql`
      insert into comments (post_id, author_uid, client_id, body, like_count, created_at)
      select p.id, ${prefix} || (1 + ${pick("commenter", seed.authors, row)}), 'bench-c' || p.id || '-' || c,
             ${element(VI_TAIL, "reply", row)}, floor(power(${uniform("clikes", row)}, 4) * 30)::int, p.created_at + c * 60000
      from posts as p, generate_series(1, p.comment_count) as c`);
  }
}

/** Members, posts, the viewer's likes; then `analyze`, as a database that has been running would have its statistics. */
export async function seedCommunity(db: Database, seed: CommunitySeed, now = Date.now()): Promise<SeededCommunity> {
  if (seed.authors > seed.members) throw new Error("more authors than members");
  await seedMembers(db, seed.members, now);
  await seedPosts(db, seed, now);
  const viewerUid = memberUid(1);
  await db.execute(sql`
    insert into post_likes (post_id, uid, created_at)
    select id, ${lit(viewerUid)}, created_at from posts where id % 7 = 0 and id > ${int(seed.posts - 5000)}`);
  // Autovacuum visits a table after a bulk insert: it sets the visibility map and empties the trigram
  // indexes' pending lists. Without it, the planner priced the directory's ordered walk as worth a
  // parallel worker, whose start alone cost 25–30 ms (q "sat thu": 35 ms at p50 instead of 8 ms).
  await db.execute(sql`vacuum (analyze)`);
  const visibleVi = sql`language = 'vi' and hidden_at is null and deleted_at is null and pinned_at is null`;
  const [post] = await queryRows<{ id: number }>(
    db,
    sql`select id::int as id from posts where ${visibleVi} and entry_id is not null and comment_count between 3 and 12
        order by id desc limit 1`,
  );
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from posts where ${visibleVi}`,
  );
  // Cursors spread over the older half of the feed: each deep page reads other posts.
  const pages = seed.deepPages ?? 20;
  const deep = await queryRows<{ id: number }>(
    db,
    sql`select id::int as id from (select id, row_number() over (order by id desc) as n from posts where ${visibleVi}) as ranked
        where n > ${int(Math.floor(count / 2))} and n % ${int(Math.max(1, Math.floor(count / 2 / pages)))} = 0 order by id desc limit ${int(pages)}`,
  );
  if (!post) throw new Error("the seed made no post to bench");
  return { viewerUid, postId: post.id, vietnamesePosts: count, deepCursors: deep.map((row) => row.id) };
}
