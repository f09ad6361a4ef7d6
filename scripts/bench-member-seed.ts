/**
 * A realistic member for the members' pages bench (`scripts/bench-member-pages.ts`), seeded into the
 * embedded database before the server opens it, and their sessions afterwards through the real
 * sign-in API:
 *
 * - the member (the next `bench-m…` after any an earlier seed made): 200 bag entries, 40
 *   offers across every state (open, reserved with a counterparty's reply, completed, cancelled,
 *   expired), 50 notes (a few pinned, tagged), a tax ledger of 300 rows (hand entries, the completed
 *   trades copied in when the ledger is read making up the rest), 30 unread notifications (and 20
 *   read ones), and the Vietnamese global room with 300 messages, the last 20 unread;
 * - an admin, given the role by the app's own `setRole`;
 * - the 20 members who are online in that room during the run.
 *
 * Every one of them can sign in with a password (a credential account, hashed by the app's own
 * hasher); {@link signInAll} signs them in through `POST /api/auth/sign-in/email` once the server
 * runs, each from an address of its own on the loopback network (127.0.0.N): the server's limits per
 * address (10 sign-ins a minute, 20 sockets) hold for 22 phones as they would, not for one.
 * Data derive from the row number, so every run seeds the same member.
 */
import { USER_DATA_KEY } from "../app/shared/auth/session-signals.ts";
import { defaultLanguage, LANGUAGE_STORAGE_KEY } from "../universal/i18n/languages.ts";
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.ts";
import {
  authAccounts,
  bagEntries,
  chatMessages,
  chatReads,
  notes,
  notifications,
  offerReplies,
  offers,
  taxLedger,
} from "../db/schema/index.ts";
import { passwordHasher } from "../server/auth/password-hashing.ts";
import { setRole } from "../server/users/set-role.ts";
import { lit, memberUid, seedMembers } from "./bench-community-seed.ts";

export const MEMBER_SEED = {
  bagEntries: 200,
  offers: 40,
  notes: 50,
  taxRows: 300,
  unreadNotifications: 30,
  readNotifications: 20,
  roomMessages: 300,
  unreadMessages: 20,
  online: 20,
} as const;

/** The room the member has open: the Vietnamese global room (migration 0007 makes it). */
export const BENCH_ROOM = "global-vi";
export const BENCH_PASSWORD = "mat-khau-that-dai-cho-bench";

const DAY_MS = 86_400_000;

export interface SeededMember {
  memberUid: string;
  adminUid: string;
  onlineUids: string[];
  /** Rows by table, as seeded, for the report. */
  counts: Record<string, number>;
}

/** A pseudo-random integer in [0, n) from a row number and a salt: the same on every run. */
export function pickOf(salt: string, row: number, n: number): number {
  let hash = 2166136261;
  for (const char of `${salt}:${row}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (hash >>> 0) % n;
}

const emailOf = (uid: string) => `${uid}@bench.invalid`;

interface PackItem {
  id: string;
  type?: string;
  name: { vi: string; en: string };
}

function pack<T>(kind: string): T[] {
  return JSON.parse(readFileSync(`content/demo/${kind}.json`, "utf8")) as T[];
}

const ROOM_TEXTS = [
  "Có ai đi boss Hỏa Long tối nay không?",
  "Mình cần 5 Quặng Sắt, ai bán inbox nhé",
  "Chợ Thành Đông đang rẻ lắm anh em ơi 😄",
  "Kiếm Sắt +7 giờ bao nhiêu vàng vậy mọi người?",
  "Tối nay 8 giờ tập trung cổng thành nha",
  "Ai có Ngựa Chiến cho mượn chạy phó bản với",
  "Cảm ơn bạn đã giúp, lần sau mình mời nhé!",
  "Server Sương Mai đông quá, lag nhẹ",
  "Tỉ lệ rơi đồ tuần này tăng đấy, tranh thủ farm",
  "Mới lên cấp 30, vui quá 🎉",
];
const NOTE_TITLES = ["Lộ trình farm", "Giá chợ", "Boss tuần", "Công thức chế", "Việc cần làm", "Đội hình", "Mẹo nâng cấp"];
const NOTE_BODIES = [
  "Đi theo đường vòng phía bắc để tránh lính gác, tiết kiệm được kha khá thời gian.",
  "- 20 thuốc hồi máu\n- 5 cuộn giấy dịch chuyển\n- 1 đỡ đòn, 2 sát thương, 1 hồi máu",
  "Giá Giáp Thiết ở Thành Đông khoảng 1.200 vàng, ở Rừng Trúc rẻ hơn một chút.",
  "Nhớ ép ngọc trước khi nâng cấp lên +7, tỉ lệ thành công cao hơn.",
];
const TAGS = ["farm", "chợ", "boss", "chế tạo", "đội"];

/** The member's offers: every state the schema has, most of them open or done. */
export function offerStatusOf(index: number): "open" | "reserved" | "completed" | "cancelled" | "expired" {
  const cycle = index % 10;
  if (cycle < 4) return "open";
  if (cycle < 6) return "reserved";
  if (cycle < 8) return "completed";
  return cycle === 8 ? "cancelled" : "expired";
}

async function seedAccounts(db: Database, uids: string[], now: number): Promise<void> {
  // One hash for all of them (a hash takes ~0.6 s at the app's cost): the sign-in verifies it as any other.
  const hash = await passwordHasher().hash(BENCH_PASSWORD);
  const at = new Date(now);
  await db.insert(authAccounts).values(
    uids.map((uid) => ({
      id: randomUUID(),
      accountId: uid,
      providerId: "credential",
      userId: uid,
      password: hash,
      createdAt: at,
      updatedAt: at,
    })),
  );
}

async function seedBag(db: Database, member: string, items: PackItem[], now: number): Promise<void> {
  await db.insert(bagEntries).values(
    Array.from({ length: MEMBER_SEED.bagEntries }, (_, index) => {
      const item = items[pickOf("bag-item", index, items.length)]!;
      const gear = item.type === "weapon" || item.type === "armor";
      const at = now - pickOf("bag-at", index, 120) * DAY_MS;
      return {
        uid: member,
        clientId: `bench-bag-${index}`,
        itemId: item.id,
        quantity: gear ? 1 : 1 + pickOf("bag-qty", index, 99),
        enhancement: gear ? pickOf("bag-enh", index, 10) : 0,
        note: index % 7 === 0 ? "Để dành nâng cấp" : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}

async function seedOffers(
  db: Database,
  member: string,
  items: PackItem[],
  servers: string[],
  others: string[],
  now: number,
): Promise<number> {
  let completed = 0;
  for (let index = 0; index < MEMBER_SEED.offers; index++) {
    const status = offerStatusOf(index);
    const item = items[pickOf("offer-item", index, items.length)]!;
    const created = now - (MEMBER_SEED.offers - index) * DAY_MS * 0.5;
    const expired = status === "expired";
    const [row] = await db
      .insert(offers)
      .values({
        ownerUid: member,
        clientId: `bench-offer-${index}`,
        side: index % 3 === 0 ? "buy" : "sell",
        itemId: item.id,
        quantity: 1 + pickOf("offer-qty", index, 20),
        unitPrice: 100 + pickOf("offer-price", index, 5000),
        server: servers[index % servers.length]!,
        characterName: "Kiếm Khách Tuấn",
        note: index % 4 === 0 ? "Giao dịch ở cổng thành, tối nay 8 giờ." : null,
        status: expired ? "expired" : "open",
        expiresAt: expired ? created + DAY_MS : created + 14 * DAY_MS,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: offers.id });
    if (!row) throw new Error("an offer was not inserted");
    if (status === "cancelled")
      await db
        .update(offers)
        .set({ status, reason: "no longer needed", version: 2, updatedAt: created + 3_600_000 })
        .where(sql`id = ${row.id}`);
    if (status !== "reserved" && status !== "completed") continue;
    const counterparty = others[index % others.length]!;
    const [reply] = await db
      .insert(offerReplies)
      .values({
        offerId: row.id,
        authorUid: counterparty,
        clientId: `bench-reply-${index}`,
        text: "Mình lấy nhé, tối nay gặp?",
        createdAt: created + 600_000,
      })
      .returning({ id: offerReplies.id });
    const done = created + 7_200_000;
    await db
      .update(offers)
      .set({
        status,
        version: status === "completed" ? 4 : 2,
        reservedReplyId: reply?.id,
        counterpartyUid: counterparty,
        ...(status === "completed" ? { ownerConfirmedAt: done, counterpartyConfirmedAt: done, completedAt: done } : {}),
        updatedAt: done,
      })
      .where(sql`id = ${row.id}`);
    if (status === "completed") completed += 1;
  }
  return completed;
}

async function seedNotes(db: Database, member: string, now: number): Promise<void> {
  await db.insert(notes).values(
    Array.from({ length: MEMBER_SEED.notes }, (_, index) => {
      const at = now - index * DAY_MS * 0.7;
      return {
        uid: member,
        clientId: `bench-note-${index}`,
        title: `${NOTE_TITLES[index % NOTE_TITLES.length]} ${index + 1}`,
        body: NOTE_BODIES[pickOf("note-body", index, NOTE_BODIES.length)]!,
        tags: [TAGS[index % TAGS.length]!, ...(index % 3 === 0 ? [TAGS[(index + 2) % TAGS.length]!] : [])],
        pinnedAt: index < 3 ? at : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}

async function seedTax(db: Database, member: string, items: PackItem[], rows: number, now: number): Promise<void> {
  const rates = pack<{ id: string; percent: number }>("tax-rates");
  await db.insert(taxLedger).values(
    Array.from({ length: rows }, (_, index) => {
      const side = index % 3 === 0 ? "buy" : "sell";
      const rate = side === "sell" && index % 5 !== 0 ? rates[pickOf("tax-rate", index, rates.length)] : undefined;
      const basisPoints = rate ? Math.round(rate.percent * 100) : 0;
      const quantity = 1 + pickOf("tax-qty", index, 30);
      const unitPrice = 50 + pickOf("tax-price", index, 8000);
      const gross = quantity * unitPrice;
      const tax = Math.round((gross * basisPoints) / 10_000);
      const at = now - index * DAY_MS * 0.3;
      const labelled = index % 9 === 0;
      return {
        uid: member,
        clientId: `bench-tax-${index}`,
        side,
        itemId: labelled ? null : items[pickOf("tax-item", index, items.length)]!.id,
        label: labelled ? "Bán lại đồ ở chợ đêm" : null,
        quantity,
        unitPrice,
        rateId: rate?.id ?? null,
        rateBasisPoints: basisPoints,
        tax,
        net: gross - tax,
        occurredAt: at,
        createdAt: at,
      };
    }),
  );
}

async function seedRoom(db: Database, member: string, authors: string[], now: number): Promise<number[]> {
  const rows = await db
    .insert(chatMessages)
    .values(
      Array.from({ length: MEMBER_SEED.roomMessages }, (_, index) => {
        const author = index % 9 === 4 ? member : authors[pickOf("room-author", index, authors.length)]!;
        const mention = index % 25 === 10 ? `@[Tuấn](/users?id=${member}) ` : "";
        return {
          roomId: BENCH_ROOM,
          authorUid: author,
          clientId: `bench-room-${index}`,
          text: mention + ROOM_TEXTS[pickOf("room-text", index, ROOM_TEXTS.length)]!,
          mentions: mention ? [member] : [],
          createdAt: now - (MEMBER_SEED.roomMessages - index) * 5 * 60_000,
        };
      }),
    )
    .returning({ id: chatMessages.id });
  const ids = rows.map((row) => row.id);
  const lastRead = ids[ids.length - 1 - MEMBER_SEED.unreadMessages];
  if (lastRead !== undefined) await db.insert(chatReads).values({ roomId: BENCH_ROOM, uid: member, lastReadId: lastRead });
  return ids;
}

async function seedNotifications(
  db: Database,
  member: string,
  items: PackItem[],
  servers: string[],
  actors: string[],
  messageIds: number[],
  now: number,
) {
  const memberOffers = await queryRows<{ id: number; item_id: string; side: string; quantity: number; unit_price: number; server: string }>(
    db,
    sql`select id::int as id, item_id, side, quantity, unit_price::int as unit_price, server from offers where owner_uid = ${lit(member)} order by id`,
  );
  const names = new Map(items.map((item) => [item.id, item.name]));
  const total = MEMBER_SEED.unreadNotifications + MEMBER_SEED.readNotifications;
  await db.insert(notifications).values(
    Array.from({ length: total }, (_, index): typeof notifications.$inferInsert => {
      const at = now - (total - index) * 40 * 60_000;
      const read = index < MEMBER_SEED.readNotifications ? at + 60_000 : null;
      const actorUid = actors[pickOf("notice-actor", index, actors.length)]!;
      const offer = memberOffers[index % Math.max(1, memberOffers.length)];
      if (index % 2 === 0 && offer) {
        const name = names.get(offer.item_id);
        return {
          uid: member,
          kind: index % 4 === 0 ? "offer-reply" : "offer-reserved",
          actorUid,
          link: `/me/make-offer?id=${offer.id}`,
          data: {
            itemVi: name?.vi ?? offer.item_id,
            itemEn: name?.en ?? offer.item_id,
            offerId: offer.id,
            itemId: offer.item_id,
            side: offer.side,
            quantity: offer.quantity,
            unitPrice: offer.unit_price,
            server: offer.server ?? servers[0] ?? null,
          },
          createdAt: at,
          readAt: read,
        };
      }
      const messageId = messageIds[pickOf("notice-message", index, Math.max(1, messageIds.length))] ?? 0;
      return {
        uid: member,
        kind: "mention",
        actorUid,
        link: `/chat?room=${encodeURIComponent(BENCH_ROOM)}`,
        data: { roomId: BENCH_ROOM, messageId, excerpt: `@Tuấn ${ROOM_TEXTS[index % ROOM_TEXTS.length]}` },
        createdAt: at,
        readAt: read,
      };
    }),
  );
}

/**
 * Seeds the member, the admin and the members online into `db` (migrated), beside whatever an earlier
 * seed made (new members of their own, after the feed's and the market's).
 */
export async function seedMember(db: Database, now = Date.now()): Promise<SeededMember> {
  // Members of their own, after any an earlier seed made (the feed's authors, the market's traders, who
  // have histories of their own): the member has exactly the data below.
  const [{ members } = { members: 0 }] = await queryRows<{ members: number }>(
    db,
    sql`select count(*)::int as members from users where uid like ${lit(memberUid(0).slice(0, -1) + "%")}`,
  );
  const first = members + 1;
  await seedMembers(db, members + 2 + MEMBER_SEED.online, now, first);
  const member = memberUid(first);
  const admin = memberUid(first + 1);
  const online = Array.from({ length: MEMBER_SEED.online }, (_, index) => memberUid(first + 2 + index));
  await db.execute(sql`update auth_users set banned = false where id in (${sql.join([member, admin, ...online].map(lit), sql`, `)})`);
  await db.execute(sql`update users set role = 'user' where uid in (${sql.join([member, ...online].map(lit), sql`, `)})`);
  await db.execute(sql`update auth_users set role = 'user' where id in (${sql.join([member, ...online].map(lit), sql`, `)})`);
  await setRole(db, { uid: admin }, "admin");
  await seedAccounts(db, [member, admin, ...online], now);

  const items = pack<PackItem>("items");
  const servers = pack<{ id: string; status: string }>("servers")
    .filter((server) => server.status !== "merged")
    .map((server) => server.id);
  await seedBag(db, member, items, now);
  const completed = await seedOffers(db, member, items, servers, online, now);
  await seedNotes(db, member, now);
  // The ledger copies the member's completed trades in when it is read: the hand entries make up the rest.
  await seedTax(db, member, items, MEMBER_SEED.taxRows - completed, now);
  const messageIds = await seedRoom(db, member, online, now);
  await seedNotifications(db, member, items, servers, online, messageIds, now);
  await db.execute(sql`analyze`);

  const counts = await queryRows<{ name: string; count: number }>(
    db,
    sql`select 'bag' as name, count(*)::int as count from bag_entries where uid = ${lit(member)}
        union all select 'offers', count(*)::int from offers where owner_uid = ${lit(member)}
        union all select 'notes', count(*)::int from notes where uid = ${lit(member)}
        union all select 'tax (+ completed trades)', (count(*) + ${completed})::int from tax_ledger where uid = ${lit(member)}
        union all select 'unread notifications', count(*)::int from notifications where uid = ${lit(member)} and read_at is null
        union all select 'room messages', count(*)::int from chat_messages where room_id = ${lit(BENCH_ROOM)}`,
  );
  return {
    memberUid: member,
    adminUid: admin,
    onlineUids: online,
    counts: Object.fromEntries(counts.map((row) => [row.name, row.count])),
  };
}

/** The loopback address the `index`th signed-in account speaks from (127.0.0.1 is left to the browsers). */
export function loopbackAddress(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > 250) throw new Error(`no loopback address for account ${index}`);
  return `127.0.0.${index + 2}`;
}

/** The `name=value` pairs of Set-Cookie headers, ready to send back. */
export function cookieHeader(setCookies: readonly string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** Signs one account in through the API from `localAddress`; answers its session cookie. */
export function signIn(baseUrl: string, uid: string, localAddress: string): Promise<string> {
  const url = new URL("/api/auth/sign-in/email", baseUrl);
  const body = JSON.stringify({ email: emailOf(uid), password: BENCH_PASSWORD });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: "POST",
        localAddress,
        headers: { Origin: url.origin, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const cookie = cookieHeader(response.headers["set-cookie"] ?? []);
          if (response.statusCode !== 200 || !cookie)
            reject(new Error(`sign-in of ${uid} answered ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 200)}`));
          else resolve(cookie);
        });
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`sign-in of ${uid} timed out`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

export interface MemberSessions {
  member: string;
  admin: string;
  /** What the member's and the admin's browsers store of them, having signed in here (`userData`). */
  memberStorage: Record<string, string>;
  adminStorage: Record<string, string>;
  /** The members online, each with the address it signed in from (its socket comes from there too). */
  online: { uid: string; cookie: string; localAddress: string }[];
}

/**
 * What a browser keeps of the member who signed in on it: `userData` (the auth state's, decision 044),
 * so their page does not ask the server again who is signed in, and the language its pages were shown
 * in (the default, Vietnamese), so a page does not write it again as it starts.
 */
export function storedUser(uid: string, role: string): Record<string, string> {
  return { [USER_DATA_KEY]: JSON.stringify({ uid, email: emailOf(uid), role }), [LANGUAGE_STORAGE_KEY]: defaultLanguage };
}

/** Signs the member, the admin and the members online in, two at a time (the server hashes two at once). */
export async function signInAll(baseUrl: string, seeded: SeededMember): Promise<MemberSessions> {
  const uids = [seeded.memberUid, seeded.adminUid, ...seeded.onlineUids];
  const cookies: string[] = new Array<string>(uids.length);
  let next = 0;
  const lane = async () => {
    while (next < uids.length) {
      const index = next++;
      cookies[index] = await signIn(baseUrl, uids[index]!, loopbackAddress(index));
    }
  };
  await Promise.all([lane(), lane()]);
  return {
    member: cookies[0]!,
    admin: cookies[1]!,
    memberStorage: storedUser(seeded.memberUid, "member"),
    adminStorage: storedUser(seeded.adminUid, "admin"),
    online: seeded.onlineUids.map((uid, index) => ({ uid, cookie: cookies[index + 2]!, localAddress: loopbackAddress(index + 2) })),
  };
}
