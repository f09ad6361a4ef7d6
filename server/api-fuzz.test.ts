import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers } from "../db/schema/index.ts";
import { testEngines } from "../db/testing.ts";
import { DEMO_PACK_DIR, ensureContent } from "./content/content-store.ts";
import { bodies, fuzz, FUZZ_RUNS, fuzzAccounts, queryParam, segment, watchWrites, type FuzzTarget } from "./fuzzing.ts";
import { createTestApp, silentLogger, type TestApp } from "./testing.ts";
import { setRole } from "./users/set-role.ts";

const KINDS = ["items", "mounts", "recipes", "pets", "events"];
/** The demo pack's iron sword: what the content editor's bodies vary. */
const CONTENT_ITEM = (JSON.parse(readFileSync(join(DEMO_PACK_DIR, "items.json"), "utf8")) as { id: string }[]).find(
  (item) => item.id === "iron-sword",
);
/** The chat rooms every database has. */
const ROOMS = ["global-vi", "global-en-US"];
/** An account only the admin routes act on. */
const TARGET = "fuzz-target";
/** A clan's path: the shape of an id, or not one. */
const CLAN_PATH = segment("clan-00000000000000000000", "x").map((id) => `/api/clans/${id}`);

type Accounts = Awaited<ReturnType<typeof fuzzAccounts<"user" | "admin">>>;

const favorite = (accounts: Accounts, withBody: boolean): FuzzTarget => ({
  session: accounts.user,
  path: fc.tuple(segment(...KINDS), segment("iron-sword", "brown-horse")).map(([kind, id]) => `/api/favorites/${kind}/${id}`),
  body: withBody ? bodies({}) : undefined,
});

/** Every route of ours that reads input (a body, a path parameter or a query string), with a valid request to mutate. */
const targets: Record<string, (accounts: Accounts) => FuzzTarget> = {
  "PATCH /api/profile": ({ user }) => ({ session: user, path: fc.constant("/api/profile"), body: bodies({ displayName: "Renamed" }) }),
  // Another account's address: the one valid body would delete the test's account.
  "DELETE /api/profile": ({ user, admin }) => ({
    session: user,
    path: fc.constant("/api/profile"),
    body: bodies({ confirm: admin.email }),
  }),
  "POST /api/profile/sync": ({ user }) => ({ session: user, path: fc.constant("/api/profile/sync"), body: bodies({}) }),
  "POST /api/profile/photo": ({ user }) => ({ session: user, path: fc.constant("/api/profile/photo"), body: bodies({ photo: "x" }) }),
  "GET /api/photos/:uid": ({ user, admin }) => ({ path: segment(user.uid, admin.uid).map((uid) => `/api/photos/${uid}`) }),
  "GET /api/users": () => ({
    path: fc
      .tuple(
        queryParam("q", "tuan", "%", "_", "\\"),
        queryParam("role", "user", "moderator"),
        queryParam("tag", "vip"),
        queryParam("title", "member"),
        queryParam("sort", "level", "new", "newest"),
        queryParam("cursor", "1.1000.abc"),
        queryParam("limit", "1", "50"),
        fc.nat(7),
      )
      .map(
        ([q, role, tag, title, sort, cursor, limit, count]) =>
          `/api/users?${[q, role, tag, title, sort, cursor, limit].slice(0, count).join("&")}`,
      ),
  }),
  "GET /api/users/:uid": ({ user, admin }) => ({ path: segment(user.uid, admin.uid).map((uid) => `/api/users/${uid}`) }),
  "PUT /api/profile/settings": ({ user }) => ({
    session: user,
    path: fc.constant("/api/profile/settings"),
    body: bodies({ listed: false }),
  }),
  "POST /api/analytics": ({ user }) => ({
    session: user,
    path: fc.constant("/api/analytics"),
    body: bodies({ name: "page_open", params: { page: "/items", count: 3, fresh: true, none: null } }),
  }),
  "GET /api/setup/claim": ({ user }) => ({
    session: user,
    path: queryParam("token", "x".repeat(32)).map((token) => `/api/setup/claim?${token}`),
  }),
  "GET /api/admin/users": ({ admin }) => ({
    session: admin,
    path: fc
      .tuple(
        queryParam("q", "example", "%", "_", "\\", "tuan"),
        queryParam("role", "user", "moderator"),
        queryParam("tag", "vip"),
        queryParam("title", "member"),
        queryParam("banned", "true", "false"),
        queryParam("cursor", "1796464232512.abc"),
        fc.nat(6),
      )
      .map(
        ([q, role, tag, title, banned, cursor, count]) =>
          `/api/admin/users?${[q, role, tag, title, banned, cursor].slice(0, count).join("&")}`,
      ),
  }),
  "GET /api/admin/users/:uid": ({ admin, user }) => ({
    session: admin,
    path: segment(user.uid, TARGET).map((uid) => `/api/admin/users/${uid}`),
  }),
  "POST /api/admin/users/:uid/points": ({ admin }) => ({
    session: admin,
    path: segment(TARGET, admin.uid).map((uid) => `/api/admin/users/${uid}/points`),
    body: bodies({ delta: 5, reason: "Giải đấu", clientId: "fuzz-points-0001" }),
  }),
  "POST /api/admin/users/:uid/role": ({ admin }) => ({
    session: admin,
    path: segment(TARGET, admin.uid).map((uid) => `/api/admin/users/${uid}/role`),
    body: bodies({ role: "moderator" }),
  }),
  "POST /api/admin/users/:uid/ban": ({ admin }) => ({
    session: admin,
    path: segment(TARGET, admin.uid).map((uid) => `/api/admin/users/${uid}/ban`),
    body: bodies({ reason: "spam", until: "2030-01-01T00:00:00Z" }),
  }),
  "POST /api/admin/users/:uid/badges": ({ admin }) => ({
    session: admin,
    path: segment(TARGET, admin.uid).map((uid) => `/api/admin/users/${uid}/badges`),
    body: bodies({ tag: "vip", title: "Hiệp sĩ" }),
  }),
  "GET /api/contribution/ranking": () => ({
    path: fc
      .tuple(queryParam("period", "week", "all"), queryParam("limit", "1", "20"))
      .map(([period, limit]) => `/api/contribution/ranking?${period}&${limit}`),
  }),
  "DELETE /api/admin/users/:uid/ban": ({ admin }) => ({
    session: admin,
    path: segment(TARGET).map((uid) => `/api/admin/users/${uid}/ban`),
    body: bodies({}),
  }),
  "GET /api/favorites/:kind/:id": (accounts) => favorite(accounts, false),
  "PUT /api/favorites/:kind/:id": (accounts) => favorite(accounts, true),
  "DELETE /api/favorites/:kind/:id": (accounts) => favorite(accounts, true),
  "POST /api/views": () => ({ path: fc.constant("/api/views"), body: bodies({ kind: "items", id: "iron-sword" }) }),
  "POST /api/v1/query": () => ({
    path: fc.constant("/api/v1/query"),
    body: bodies({
      collection: "items",
      where: [
        ["level", ">=", 10],
        ["rarity", "in", ["epic", "rare"]],
      ],
      orderBy: [["level", "desc"]],
      limit: 5,
    }),
  }),
  "GET /api/v1/search": () => ({
    path: fc
      .tuple(queryParam("q", "giap", "kiem sat", "％"), queryParam("limit", "5", "50"), queryParam("kind", ...KINDS), fc.nat(3))
      .map(([q, limit, kind, count]) => `/api/v1/search?${[q, limit, kind].slice(0, count).join("&")}`),
  }),
  "GET /api/chat/rooms/:room/messages": ({ user }) => ({
    session: user,
    path: fc
      .tuple(segment(...ROOMS), queryParam("after", "1"), queryParam("before", "9"), queryParam("limit", "5", "100"), fc.nat(3))
      .map(([room, after, before, limit, count]) => `/api/chat/rooms/${room}/messages?${[after, before, limit].slice(0, count).join("&")}`),
  }),
  "POST /api/chat/rooms/:room/messages": ({ user }) => ({
    session: user,
    path: segment(...ROOMS).map((room) => `/api/chat/rooms/${room}/messages`),
    body: bodies({ text: "Xin chào @Ai", clientId: "fuzz-client-0001", mentions: [user.uid] }),
  }),
  "GET /api/chat/rooms/:room/mentions": ({ user }) => ({
    session: user,
    path: fc
      .tuple(segment(...ROOMS), queryParam("q", "ad", "tuấn", "%"), fc.nat(1))
      .map(([room, q, count]) => `/api/chat/rooms/${room}/mentions${count ? `?${q}` : ""}`),
  }),
  "POST /api/chat/rooms/:room/read": ({ user }) => ({
    session: user,
    path: segment(...ROOMS).map((room) => `/api/chat/rooms/${room}/read`),
    body: bodies({ lastId: 1 }),
  }),
  "POST /api/chat/rooms/:room/mutes": ({ admin, user }) => ({
    session: admin,
    path: segment(...ROOMS).map((room) => `/api/chat/rooms/${room}/mutes`),
    body: bodies({ uid: user.uid, minutes: 5 }),
  }),
  "POST /api/chat/rooms/:room/slow-mode": ({ admin }) => ({
    session: admin,
    path: segment(...ROOMS).map((room) => `/api/chat/rooms/${room}/slow-mode`),
    body: bodies({ seconds: 0 }),
  }),
  "POST /api/chat/direct": ({ user, admin }) => ({
    session: user,
    path: fc.constant("/api/chat/direct"),
    body: bodies({ uid: admin.uid }),
  }),
  "PATCH /api/chat/messages/:id": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/chat/messages/${id}`),
    body: bodies({ text: "Sửa lại" }),
  }),
  "DELETE /api/chat/messages/:id": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/chat/messages/${id}`),
    body: bodies({}),
  }),
  "POST /api/chat/blocks": ({ user, admin }) => ({
    session: user,
    path: fc.constant("/api/chat/blocks"),
    body: bodies({ uid: admin.uid }),
  }),
  "DELETE /api/chat/blocks/:uid": ({ user, admin }) => ({
    session: user,
    path: segment(admin.uid).map((uid) => `/api/chat/blocks/${uid}`),
    body: bodies({}),
  }),
  "GET /api/notifications": ({ user }) => ({
    session: user,
    path: fc
      .tuple(queryParam("unread", "1"), queryParam("before", "10"), queryParam("limit", "5", "100"), fc.nat(3))
      .map(([unread, before, limit, count]) => `/api/notifications?${[unread, before, limit].slice(0, count).join("&")}`),
  }),
  "POST /api/notifications/read": ({ user }) => ({
    session: user,
    path: fc.constant("/api/notifications/read"),
    body: bodies({ ids: [1] }),
  }),
  "PUT /api/notifications/preferences": ({ user }) => ({
    session: user,
    path: fc.constant("/api/notifications/preferences"),
    body: bodies([
      { kind: "mention", inApp: false, browser: false },
      { kind: "direct-message", inApp: true, browser: true },
    ]),
  }),
  "POST /api/reports": ({ user }) => ({
    session: user,
    path: fc.constant("/api/reports"),
    body: bodies({ kind: "message", id: 1, reason: "Spam" }),
  }),
  "GET /api/reports": ({ admin }) => ({
    session: admin,
    path: fc
      .tuple(queryParam("status", "open", "resolved"), queryParam("cursor", "1"), queryParam("limit", "5", "100"), fc.nat(3))
      .map(([status, cursor, limit, count]) => `/api/reports?${[status, cursor, limit].slice(0, count).join("&")}`),
  }),
  "POST /api/reports/:id/resolve": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/reports/${id}/resolve`),
    body: bodies({ action: "dismiss", note: "ok" }),
  }),
  "GET /api/audit": ({ admin }) => ({
    session: admin,
    path: fc
      .tuple(queryParam("cursor", "10"), queryParam("limit", "5", "100"), fc.nat(2))
      .map(([cursor, limit, count]) => `/api/audit?${[cursor, limit].slice(0, count).join("&")}`),
  }),
  "GET /api/admin/audit": ({ admin }) => ({
    session: admin,
    path: fc
      .tuple(
        queryParam("action", "user.ban", "report.hide"),
        queryParam("targetKind", "member", "room"),
        queryParam("targetId", "global-vi"),
        queryParam("actor", admin.uid),
        queryParam("from", "2026-11-03", "2026-11-02T18:00:00Z"),
        queryParam("to", "2026-11-04", "2026-11-04T11:00:00Z"),
        queryParam("cursor", "10"),
        queryParam("limit", "5", "100"),
        fc.nat(8),
      )
      .map(
        ([action, kind, id, actor, from, to, cursor, limit, count]) =>
          `/api/admin/audit?${[action, kind, id, actor, from, to, cursor, limit].slice(0, count).join("&")}`,
      ),
  }),
  "GET /api/admin/audit.csv": ({ admin }) => ({
    session: admin,
    path: fc
      .tuple(queryParam("action", "user.ban"), queryParam("from", "2026-11-03"), queryParam("to", "2026-11-04"), fc.nat(3))
      .map(([action, from, to, count]) => `/api/admin/audit.csv?${[action, from, to].slice(0, count).join("&")}`),
  }),
  "GET /api/admin/content/:kind": ({ admin }) => ({
    session: admin,
    path: fc
      .tuple(segment("items", "rune-sets", "tax-rates"), queryParam("q", "kiem", "Kiếm"), queryParam("cursor", "0", "50"), fc.nat(2))
      .map(([kind, q, cursor, count]) => `/api/admin/content/${kind}?${[q, cursor].slice(0, count).join("&")}`),
  }),
  "POST /api/admin/content/:kind": ({ admin }) => ({
    session: admin,
    path: segment("items").map((kind) => `/api/admin/content/${kind}`),
    body: bodies({ ...CONTENT_ITEM, id: "fuzz-sword" }),
  }),
  "GET /api/admin/content/:kind/:id": ({ admin }) => ({
    session: admin,
    path: fc
      .tuple(segment("items", "recipes"), segment("iron-sword", "craft-iron-ingot"))
      .map(([kind, id]) => `/api/admin/content/${kind}/${id}`),
  }),
  "PATCH /api/admin/content/:kind/:id": ({ admin }) => ({
    session: admin,
    path: segment("iron-sword").map((id) => `/api/admin/content/items/${id}`),
    body: bodies(CONTENT_ITEM),
  }),
  "DELETE /api/admin/content/:kind/:id": ({ admin }) => ({
    session: admin,
    path: fc.tuple(segment("items"), segment("iron-ore", "no-such-item")).map(([kind, id]) => `/api/admin/content/${kind}/${id}`),
  }),
  "POST /api/admin/content/versions/:id/restore": ({ admin }) => ({
    session: admin,
    path: segment("1", "999").map((id) => `/api/admin/content/versions/${id}/restore`),
    body: fc.constant({ json: {} }),
  }),
  "POST /api/admin/content/import": ({ admin }) => ({
    session: admin,
    path: fc.constant("/api/admin/content/import"),
    body: bodies({ file: "pack.zip" }),
  }),
  "GET /api/admin/content/:file{[a-z-]+\\.csv}": ({ admin }) => ({
    session: admin,
    path: segment("items", "rune-sets", "nothing").map((kind) => `/api/admin/content/${kind}.csv`),
  }),
  "GET /api/admin/dashboard": ({ admin }) => ({
    session: admin,
    path: fc
      .oneof(fc.constantFrom("30", "90", "", "7", "9e9"), fc.string())
      .map((days) => `/api/admin/dashboard?days=${encodeURIComponent(days)}`),
  }),
  "GET /api/admin/settings": ({ admin }) => ({ session: admin, path: fc.constant("/api/admin/settings") }),
  "PATCH /api/admin/settings": ({ admin }) => ({
    session: admin,
    path: fc.constant("/api/admin/settings"),
    body: bodies({ appTitle: "Minithings Companion", signUpsOpen: true }),
  }),
  "GET /api/admin/announcements": ({ admin }) => ({ session: admin, path: fc.constant("/api/admin/announcements") }),
  "POST /api/admin/announcements": ({ admin }) => ({
    session: admin,
    path: fc.constant("/api/admin/announcements"),
    body: bodies({
      text: { vi: "Bảo trì", en: "Maintenance" },
      startsAt: "2030-01-01T00:00:00Z",
      endsAt: "2030-01-02T00:00:00Z",
      notify: false,
    }),
  }),
  "DELETE /api/admin/announcements/:id": ({ admin }) => ({
    session: admin,
    path: segment("1", "999999", "x").map((id) => `/api/admin/announcements/${id}`),
  }),
  "GET /api/search": () => ({
    path: fc
      .tuple(queryParam("q", "giap", "tuan", "Giáp Rồng"), queryParam("limit", "5", "50"), fc.nat(2))
      .map(([q, limit, count]) => `/api/search?${[q, limit].slice(0, count).join("&")}`),
  }),
  "GET /api/feed/posts": () => ({
    path: fc
      .tuple(
        queryParam("lang", "vi", "en-US"),
        queryParam("sort", "new", "top"),
        queryParam("cursor", "5"),
        queryParam("limit", "5", "50"),
        fc.nat(4),
      )
      .map(([lang, sort, cursor, limit, count]) => `/api/feed/posts?${[lang, sort, cursor, limit].slice(0, count).join("&")}`),
  }),
  "POST /api/feed/posts": ({ user }) => ({
    session: user,
    path: fc.constant("/api/feed/posts"),
    body: bodies({ body: "Xin chào", lang: "vi", clientId: "fuzz-post-0001", entry: "item:iron-sword" }),
  }),
  "GET /api/feed/posts/:id": () => ({ path: segment("1", "2").map((id) => `/api/feed/posts/${id}`) }),
  "PATCH /api/feed/posts/:id": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/feed/posts/${id}`),
    body: bodies({ body: "sửa", pinned: true, hidden: false }),
  }),
  "DELETE /api/feed/posts/:id": ({ user }) => ({
    session: user,
    path: segment("2").map((id) => `/api/feed/posts/${id}`),
    body: bodies({}),
  }),
  "POST /api/feed/posts/:id/like": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/feed/posts/${id}/like`),
    body: bodies({}),
  }),
  "DELETE /api/feed/posts/:id/like": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/feed/posts/${id}/like`),
    body: bodies({}),
  }),
  "GET /api/feed/images/:id": () => ({ path: segment("AAAAAAAAAAAAAAAAAAAAAA", "x").map((id) => `/api/feed/images/${id}`) }),
  "GET /api/feed/posts/:id/comments": () => ({
    path: fc
      .tuple(segment("1", "2"), queryParam("after", "1"), fc.nat(1))
      .map(([id, after, count]) => `/api/feed/posts/${id}/comments${count ? `?${after}` : ""}`),
  }),
  "POST /api/feed/posts/:id/comments": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/feed/posts/${id}/comments`),
    body: bodies({ body: "hay", clientId: "fuzz-comment-0001", parentId: null }),
  }),
  "PATCH /api/feed/comments/:id": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/feed/comments/${id}`),
    body: bodies({ body: "sửa" }),
  }),
  "DELETE /api/feed/comments/:id": ({ user }) => ({
    session: user,
    path: segment("2").map((id) => `/api/feed/comments/${id}`),
    body: bodies({}),
  }),
  "POST /api/feed/comments/:id/like": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/feed/comments/${id}/like`),
    body: bodies({}),
  }),
  "DELETE /api/feed/comments/:id/like": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/feed/comments/${id}/like`),
    body: bodies({}),
  }),
  "GET /api/guides": ({ user }) => ({
    session: user,
    path: fc
      .tuple(queryParam("status", "review", "published", "draft"), queryParam("author", "me"), fc.nat(2))
      .map(([status, author, count]) => `/api/guides?${[status, author].slice(0, count).join("&")}`),
  }),
  "POST /api/guides": ({ user }) => ({
    session: user,
    path: fc.constant("/api/guides"),
    body: bodies({ title: "Hướng dẫn", body: "Nội dung", lang: "vi", category: "beginner", clientId: "fuzz-guide-0001" }),
  }),
  "POST /api/guides/preview": ({ user }) => ({ session: user, path: fc.constant("/api/guides/preview"), body: bodies({ body: "**x**" }) }),
  "GET /api/guides/:id": ({ user }) => ({ session: user, path: segment("1", "2").map((id) => `/api/guides/${id}`) }),
  "PATCH /api/guides/:id": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/guides/${id}`),
    body: bodies({ title: "Sửa", body: "Nội dung mới", lang: "vi", category: "combat", version: 1 }),
  }),
  "DELETE /api/guides/:id": ({ user }) => ({ session: user, path: segment("2").map((id) => `/api/guides/${id}`), body: bodies({}) }),
  "POST /api/guides/:id/submit": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/guides/${id}/submit`),
    body: bodies({}),
  }),
  "POST /api/guides/:id/approve": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/guides/${id}/approve`),
    body: bodies({}),
  }),
  "GET /api/guides/hidden": ({ admin }) => ({ session: admin, path: fc.constant("/api/guides/hidden") }),
  "POST /api/guides/:id/restore": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/guides/${id}/restore`),
    body: bodies({}),
  }),
  "POST /api/guides/:id/reject": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/guides/${id}/reject`),
    body: bodies({ reason: "Thiếu ảnh" }),
  }),
  "GET /api/offers": ({ user }) => ({
    session: user,
    path: fc
      .tuple(
        queryParam("itemId", "iron-ore", "iron-sword"),
        queryParam("side", "buy", "sell"),
        queryParam("server", "suong-mai"),
        queryParam("status", "open", "reserved", "completed"),
        queryParam("mine", "1", "true"),
        queryParam("limit", "1", "200"),
        fc.nat(6),
      )
      .map(
        ([itemId, side, server, status, mine, limit, count]) =>
          `/api/offers?${[itemId, side, server, status, mine, limit].slice(0, count).join("&")}`,
      ),
  }),
  "POST /api/offers": ({ user }) => ({
    session: user,
    path: fc.constant("/api/offers"),
    body: bodies({
      side: "sell",
      itemId: "iron-ore",
      quantity: 3,
      unitPrice: 120,
      server: "suong-mai",
      characterName: "Tuấn Kiệt",
      note: "Giao tối nay",
      expiresInDays: 7,
      clientId: "fuzz-offer-0001",
    }),
  }),
  "GET /api/offers/:id": ({ user }) => ({ session: user, path: segment("1", "2").map((id) => `/api/offers/${id}`) }),
  "PATCH /api/offers/:id": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/offers/${id}`),
    body: bodies({ hidden: false }),
  }),
  "POST /api/offers/:id/replies": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/offers/${id}/replies`),
    body: bodies({ text: "Còn không bạn?", clientId: "fuzz-reply-0001" }),
  }),
  "POST /api/offers/:id/reserve": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/offers/${id}/reserve`),
    body: bodies({ replyId: 1 }),
  }),
  "POST /api/offers/:id/unreserve": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/offers/${id}/unreserve`),
    body: bodies({ reason: "Hết hàng" }),
  }),
  "POST /api/offers/:id/confirm": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/offers/${id}/confirm`),
    body: bodies({}),
  }),
  "POST /api/offers/:id/cancel": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/offers/${id}/cancel`),
    body: bodies({ reason: "Đổi ý" }),
  }),
  "POST /api/offers/:id/feedback": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/offers/${id}/feedback`),
    body: bodies({ score: 1, comment: "Uy tín" }),
  }),
  "POST /api/alerts": ({ user }) => ({
    session: user,
    path: fc.constant("/api/alerts"),
    body: bodies({ itemId: "iron-ore", side: "sell", server: "suong-mai", maxPrice: 100 }),
  }),
  "GET /api/alerts/:id": ({ user }) => ({ session: user, path: segment("1", "2").map((id) => `/api/alerts/${id}`) }),
  "DELETE /api/alerts/:id": ({ admin }) => ({ session: admin, path: segment("1", "2").map((id) => `/api/alerts/${id}`), body: bodies({}) }),
  "GET /api/items/:id/prices": () => ({
    path: fc
      .tuple(segment("iron-ore", "iron-sword"), queryParam("range", "48h", "90d"), fc.nat(1))
      .map(([id, range, count]) => `/api/items/${id}/prices${count ? `?${range}` : ""}`),
  }),
  "GET /api/reputation": () => ({
    path: fc
      .tuple(queryParam("name", "Tuấn Kiệt", "tuan", "%", "_"), queryParam("server", "suong-mai"), fc.nat(2))
      .map(([name, server, count]) => `/api/reputation?${[name, server].slice(0, count).join("&")}`),
  }),
  "POST /api/characters/claims": ({ user }) => ({
    session: user,
    path: fc.constant("/api/characters/claims"),
    body: bodies({ name: "Tuấn Kiệt", server: "suong-mai" }),
  }),
  "POST /api/characters/claims/:id/proof": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/characters/claims/${id}/proof`),
    body: bodies({ note: "Mã ở chữ ký" }),
  }),
  "DELETE /api/characters/claims/:id": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/characters/claims/${id}`),
    body: bodies({}),
  }),
  "GET /api/reputation/images/:id": () => ({
    path: segment("AAAAAAAAAAAAAAAAAAAAAA", "x").map((id) => `/api/reputation/images/${id}`),
  }),
  "GET /api/feed/hidden": ({ admin }) => ({ session: admin, path: fc.constant("/api/feed/hidden") }),
  "GET /api/feed/comments/hidden": ({ admin }) => ({ session: admin, path: fc.constant("/api/feed/comments/hidden") }),
  "POST /api/feed/comments/:id/restore": ({ admin }) => ({
    session: admin,
    path: segment("1", "2").map((id) => `/api/feed/comments/${id}/restore`),
    body: bodies({}),
  }),
  "GET /api/bag": ({ user }) => ({
    session: user,
    path: fc
      .tuple(queryParam("q", "sat", "%", "_"), queryParam("type", "material", "weapon"), queryParam("sort", "name", "value"), fc.nat(3))
      .map(([q, type, sort, count]) => `/api/bag?${[q, type, sort].slice(0, count).join("&")}`),
  }),
  "POST /api/bag": ({ user }) => ({
    session: user,
    path: fc.constant("/api/bag"),
    body: bodies({ itemId: "iron-ore", quantity: 2, enhancement: 1, note: "kho" }),
  }),
  "POST /api/bag/import": ({ user }) => ({
    session: user,
    path: fc.constant("/api/bag/import"),
    body: bodies({ csv: "itemId,name,quantity,enhancement,note\niron-ore,,3,0,\n", mode: "add", dryRun: true }),
  }),
  "GET /api/bag/:id": ({ user }) => ({ session: user, path: segment("1", "2").map((id) => `/api/bag/${id}`) }),
  "PATCH /api/bag/:id": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/bag/${id}`),
    body: bodies({ quantity: 4 }),
  }),
  "DELETE /api/bag/:id": ({ user }) => ({ session: user, path: segment("1", "2").map((id) => `/api/bag/${id}`), body: bodies({}) }),
  "GET /api/notes": ({ user }) => ({
    session: user,
    path: fc
      .tuple(queryParam("q", "nhiem vu", "%", "_"), queryParam("tag", "farm"), fc.nat(2))
      .map(([q, tag, count]) => `/api/notes?${[q, tag].slice(0, count).join("&")}`),
  }),
  "POST /api/notes": ({ user }) => ({
    session: user,
    path: fc.constant("/api/notes"),
    body: bodies({ title: "Việc", body: "- [ ] farm", tags: ["farm"], pinned: true }),
  }),
  "GET /api/notes/:id": ({ user }) => ({ session: user, path: segment("1", "2").map((id) => `/api/notes/${id}`) }),
  "PATCH /api/notes/:id": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/notes/${id}`),
    body: bodies({ title: "Sửa", version: 1 }),
  }),
  "DELETE /api/notes/:id": ({ user }) => ({ session: user, path: segment("1", "2").map((id) => `/api/notes/${id}`), body: bodies({}) }),
  "POST /api/tax/ledger": ({ user }) => ({
    session: user,
    path: fc.constant("/api/tax/ledger"),
    body: bodies({ side: "sell", itemId: "iron-ore", quantity: 2, unitPrice: 150, rateId: "tax-lac-thanh" }),
  }),
  "PATCH /api/tax/ledger/:id": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/tax/ledger/${id}`),
    body: bodies({ rateId: null }),
  }),
  "DELETE /api/tax/ledger/:id": ({ user }) => ({
    session: user,
    path: segment("1", "2").map((id) => `/api/tax/ledger/${id}`),
    body: bodies({}),
  }),
  "GET /api/clans": () => ({
    path: fc
      .tuple(
        queryParam("server", "suong-mai", "x"),
        queryParam("q", "bach", "%", "_"),
        queryParam("recruiting", "true", "no"),
        queryParam("sort", "power", "members", "age"),
        queryParam("cursor", "30", "-1"),
        fc.nat(5),
      )
      .map(
        ([server, q, recruiting, sort, cursor, count]) => `/api/clans?${[server, q, recruiting, sort, cursor].slice(0, count).join("&")}`,
      ),
  }),
  "POST /api/clans": ({ user }) => ({
    session: user,
    path: fc.constant("/api/clans"),
    body: bodies({ server: "suong-mai", name: "Hội Mờ", tag: "FZ", emblem: "game-icons:crossed-swords", language: "vi" }),
  }),
  "GET /api/clans/:id": () => ({ path: segment("clan-00000000000000000000", "x").map((id) => `/api/clans/${id}`) }),
  "PATCH /api/clans/:id": ({ user }) => ({
    session: user,
    path: CLAN_PATH,
    body: bodies({ name: "Hội Mới", emblem: "game-icons:crossed-swords", language: "en", recruiting: false }),
  }),
  "DELETE /api/clans/:id": ({ user }) => ({ session: user, path: CLAN_PATH, body: bodies({ confirm: "Hội Mờ" }) }),
  "POST /api/clans/:id/invites": ({ user }) => ({
    session: user,
    path: CLAN_PATH.map((path) => `${path}/invites`),
    body: bodies({ uid: "someone" }),
  }),
  "POST /api/clans/:id/members/:uid/role": ({ user }) => ({
    session: user,
    path: fc.tuple(CLAN_PATH, segment("someone", "x y")).map(([path, uid]) => `${path}/members/${uid}/role`),
    body: bodies({ role: "officer" }),
  }),
  "POST /api/clans/:id/transfer": ({ user }) => ({
    session: user,
    path: CLAN_PATH.map((path) => `${path}/transfer`),
    body: bodies({ uid: "someone" }),
  }),
  "POST /api/clans/:id/announcements": ({ user }) => ({
    session: user,
    path: CLAN_PATH.map((path) => `${path}/announcements`),
    body: bodies({ text: "Họp bang lúc 20h", clientId: "announce-0001" }),
  }),
  "POST /api/clans/:id/join": ({ user }) => ({ session: user, path: CLAN_PATH.map((path) => `${path}/join`), body: bodies({}) }),
  "DELETE /api/clans/:id/join": ({ user }) => ({ session: user, path: CLAN_PATH.map((path) => `${path}/join`), body: bodies({}) }),
  "POST /api/clans/:id/leave": ({ user }) => ({ session: user, path: CLAN_PATH.map((path) => `${path}/leave`), body: bodies({}) }),
  ...Object.fromEntries(
    (["approve", "refuse", "kick"] as const).map((action) => [
      `POST /api/clans/:id/members/:uid/${action}`,
      ({ user }: Accounts) => ({
        session: user,
        path: fc.tuple(CLAN_PATH, segment(TARGET, "x y")).map(([path, uid]) => `${path}/members/${uid}/${action}`),
        body: bodies({}),
      }),
    ]),
  ),
  ...Object.fromEntries(
    (["accept", "decline"] as const).map((answer) => [
      `POST /api/clan-invites/:id/${answer}`,
      ({ user }: Accounts) => ({
        session: user,
        path: segment("1", "x").map((id) => `/api/clan-invites/${id}/${answer}`),
        body: bodies({}),
      }),
    ]),
  ),
  "POST /api/clans/:id/events": ({ user }) => ({
    session: user,
    path: CLAN_PATH.map((path) => `${path}/events`),
    body: bodies({ title: "Bang chiến", startsAt: "2030-01-01T20:00:00+07:00", repeat: "weekly", clientId: "event-0001" }),
  }),
  "POST /api/clan-events/:id/rsvp": ({ user }) => ({
    session: user,
    path: segment("1", "x").map((id) => `/api/clan-events/${id}/rsvp`),
    body: bodies({ answer: "going" }),
  }),
  "DELETE /api/clan-events/:id": ({ user }) => ({
    session: user,
    path: segment("1", "x").map((id) => `/api/clan-events/${id}`),
    body: bodies({}),
  }),
  "GET /api/rankings": () => ({
    path: fc
      .tuple(
        queryParam("kind", "players", "clans", "contribution", "x"),
        queryParam("server", "suong-mai", "x"),
        queryParam("classId", "swordsman", "x"),
        queryParam("period", "week", "month", "all", "year"),
        queryParam("cursor", "50", "-1"),
        fc.nat(5),
      )
      .map(
        ([kind, server, classId, period, cursor, count]) =>
          `/api/rankings?${[kind, server, classId, period, cursor].slice(0, count).join("&")}`,
      ),
  }),
  "GET /api/characters/:id/history": () => ({ path: segment("1", "x").map((id) => `/api/characters/${id}/history`) }),
  "POST /api/characters": ({ user }) => ({
    session: user,
    path: fc.constant("/api/characters"),
    body: bodies({ name: "Mờ Ảo", server: "suong-mai", classId: "swordsman", level: 10, power: 1000 }),
  }),
  "GET /api/v1/:collection/:id": () => ({
    path: fc.tuple(segment(...KINDS), segment("iron-sword", "brown-horse")).map(([kind, id]) => `/api/v1/${kind}/${id}`),
  }),
};

/** Routes with no input to vary: nothing to fuzz (`permissions.test.ts` calls each of them). */
const WITHOUT_INPUT = [
  "GET /api/health",
  "GET /api/ready",
  "GET /api/docs",
  "GET /api/profile",
  "GET /api/profile/export",
  "GET /api/favorites",
  "GET /api/admin/outbox",
  "GET /api/chat/rooms",
  "GET /api/chat/blocks",
  "GET /api/notifications/preferences",
  "GET /api/alerts",
  "GET /api/characters/claims",
  "GET /api/bag/export",
  "GET /api/tax/rates",
  "GET /api/tax/ledger",
  "GET /api/tax/ledger/export",
  "GET /api/admin/content/draft",
  "DELETE /api/admin/content/draft",
  "POST /api/admin/content/publish",
  "GET /api/admin/content/versions",
  "GET /api/admin/content/export",
];

describe.each(testEngines)("our API with arbitrary input on %s", (engine) => {
  let t: TestApp;
  let takeWrites: () => Promise<string[]>;
  let accounts: Accounts;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
    accounts = await fuzzAccounts(t, ["user", "admin"] as const);
    await setRole(t.db, { uid: accounts.admin.uid }, "admin");
    await t.db.insert(authUsers).values({ id: TARGET, name: "Target", email: "fuzz-target@example.vn" });
    takeWrites = await watchWrites(t);
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
  });

  it("fuzzes every API route that takes input", () => {
    const served = t.app.routes
      .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/") && !route.path.startsWith("/api/auth/"))
      .map((route) => `${route.method} ${route.path}`);
    expect([...Object.keys(targets), ...WITHOUT_INPUT].sort()).toEqual([...new Set(served)].sort());
  });

  it.each(Object.keys(targets))(
    "%s: a 2xx, or a 4xx with the error body that writes nothing",
    async (route) => {
      await fuzz(t, takeWrites, route, targets[route]!(accounts), "ours", FUZZ_RUNS);
    },
    300_000,
  );
});
