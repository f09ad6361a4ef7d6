import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { zipSync } from "fflate";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roles, type Role } from "../universal/auth/permissions.ts";
import {
  announcements as announcementsTable,
  auditLog,
  authUsers,
  bagEntries,
  chatMessages,
  comments,
  guideRevisions,
  guides,
  notes,
  offers,
  posts,
  priceAlerts,
  taxLedger,
  users,
} from "../db/schema/index.ts";
import { testEngines } from "../db/testing.ts";
import { RATE_RULES } from "./auth/rate-limit.ts";
import { DEMO_PACK_DIR, ensureContent } from "./content/content-store.ts";
import { call, createTestApp, signUp, silentLogger, type TestApp } from "./testing.ts";
import { setRole } from "./users/set-role.ts";

type Caller = "visitor" | Role;
const callers: Caller[] = ["visitor", ...roles];

interface Account {
  cookie: string | undefined;
  uid: string;
  email: string;
}

interface Shared {
  /** Whose photo everyone fetches. */
  photoOwner: string;
  png: Buffer;
  /** The account the admin actions act on (none of the callers). */
  target: string;
  /** A chat message of each signed-in caller's own (the visitor is given the user's). */
  messages: Record<string, number>;
  /** Messages of the target account's, for reports. */
  targetMessages: number[];
  /** An open report for each caller to resolve (by role). */
  reports: Record<string, number>;
  /** A feed post and a comment of each signed-in caller's own (the visitor is given the user's). */
  posts: Record<string, number>;
  comments: Record<string, number>;
  /** A hidden comment of another member's for the moderator and the admin to restore (`any`: the moderator's). */
  hiddenComments: Record<string, number>;
  /** The path of an image of a visible post. */
  postImage: string;
  /** An announcement for the admin to remove. */
  announcement: number;
}

/**
 * The guides the guide rows act on (set up once the accounts exist): a draft of each signed-in
 * caller's own (the visitor is given the user's), a draft of another member's, and guides of
 * another member's in review for the moderator and the admin to approve, and to reject.
 */
const guideFixtures = {
  own: {} as Record<string, number>,
  others: 0,
  toApprove: {} as Record<string, number>,
  toReject: {} as Record<string, number>,
  /** Another member's published guide, hidden, for the moderator and the admin to restore; and one of their own. */
  toRestore: {} as Record<string, number>,
  hiddenOwn: {} as Record<string, number>,
};

/**
 * The trading rows' fixtures (set up once the accounts exist), per signed-in caller (the visitor is
 * given the user's): an offer to trade through and one to reserve and release, each with a reply
 * of another member's; a trade completed with that member (feedback comes only after one); a price
 * alert and a character claim. And another member's offer and alert.
 */
const offerFixtures = {
  trade: {} as Record<string, number>,
  done: {} as Record<string, number>,
  tradeReply: {} as Record<string, number>,
  release: {} as Record<string, number>,
  releaseReply: {} as Record<string, number>,
  alerts: {} as Record<string, number>,
  claims: {} as Record<string, number>,
  others: 0,
  othersAlert: 0,
};
/** Each role's own bag entry, note and ledger entry, and another member's of each. */
const personalFixtures = {
  bag: {} as Record<string, number>,
  note: {} as Record<string, number>,
  ledger: {} as Record<string, number>,
  othersBag: 0,
  othersNote: 0,
  othersLedger: 0,
};
const mine = (fixture: Record<string, number>, caller: { uid: string }) => fixture[caller.uid || "visitor"] ?? 0;
/** The demo pack's iron sword, as the content editor takes it (renamed a little). */
const CONTENT_ITEM = {
  ...(JSON.parse(readFileSync(join(DEMO_PACK_DIR, "items.json"), "utf8")) as { id: string }[]).find((item) => item.id === "iron-sword"),
  name: { vi: "Kiếm Sắt Mới", en: "New Iron Sword" },
};
/** The demo pack as a zip of its files (the content editor's import). */
const DEMO_PACK_ZIP = zipSync(
  Object.fromEntries(readdirSync(DEMO_PACK_DIR).map((name) => [name, new Uint8Array(readFileSync(join(DEMO_PACK_DIR, name)))])),
);

const OFFER_BODY = {
  side: "sell",
  itemId: "iron-ore",
  quantity: 2,
  unitPrice: 100,
  server: "suong-mai",
  characterName: "Quyền Vương",
  expiresInDays: 3,
};

interface Endpoint {
  /** As Hono lists the route: `GET /api/photos/:uid`. */
  route: string;
  request(caller: Account, shared: Shared): { path: string; method: string; body?: unknown };
  expected: Record<Caller, number>;
  /** A moderator's or admin's decisions: each call that succeeds writes exactly this many audit entries (one a decision). */
  audited?: number;
}

/** Own-data actions: 401 for a visitor, allowed to every signed-in role. */
const own = (status: number): Record<Caller, number> => ({ visitor: 401, user: status, moderator: status, admin: status });
/** Admin-only actions (`user:manage`, `user:set-role`, `user:ban`): a moderator is refused too. */
const adminOnly = (status: number): Record<Caller, number> => ({ visitor: 401, user: 403, moderator: 403, admin: status });
/** Chat moderation (`chat:mute`): moderators and admins. */
const moderators = (status: number): Record<Caller, number> => ({ visitor: 401, user: 403, moderator: status, admin: status });
const everyone = (status: number): Record<Caller, number> => ({ visitor: status, user: status, moderator: status, admin: status });
/** Another member's own data: as if it did not exist, whatever one's role (a visitor is asked to sign in). */
const OTHERS: Record<Caller, number> = { visitor: 401, user: 404, moderator: 404, admin: 404 };
/** A move on another member's offer (reserving, confirming, cancelling…): refused to every signed-in role, moderators too. */
const strangers = (status: number): Record<Caller, number> => ({ visitor: 401, user: status, moderator: status, admin: status });

/**
 * Every API endpoint outside better-auth's `/api/auth/*`, and what each kind of caller gets.
 * A new endpoint must be added here (the first test checks the list against the app's routes).
 * The rows run in this order; DELETE stays last, it removes the accounts.
 */
const endpoints: Endpoint[] = [
  { route: "GET /api/health", request: () => ({ method: "GET", path: "/api/health" }), expected: everyone(200) },
  { route: "GET /api/ready", request: () => ({ method: "GET", path: "/api/ready" }), expected: everyone(200) },
  { route: "POST /api/profile/sync", request: () => ({ method: "POST", path: "/api/profile/sync", body: {} }), expected: own(200) },
  { route: "GET /api/profile", request: () => ({ method: "GET", path: "/api/profile" }), expected: own(200) },
  {
    route: "PUT /api/favorites/:kind/:id",
    request: () => ({ method: "PUT", path: "/api/favorites/items/iron-sword" }),
    expected: own(200),
  },
  {
    route: "GET /api/favorites/:kind/:id",
    request: () => ({ method: "GET", path: "/api/favorites/items/iron-sword" }),
    expected: own(200),
  },
  { route: "GET /api/favorites", request: () => ({ method: "GET", path: "/api/favorites" }), expected: own(200) },
  {
    route: "POST /api/views",
    request: () => ({ method: "POST", path: "/api/views", body: { kind: "items", id: "iron-sword" } }),
    expected: everyone(204),
  },
  {
    route: "DELETE /api/favorites/:kind/:id",
    request: () => ({ method: "DELETE", path: "/api/favorites/items/iron-sword" }),
    expected: own(200),
  },
  {
    route: "PATCH /api/profile",
    // Each caller a name of their own: a moderator's or admin's name is reserved.
    request: (caller) => ({ method: "PATCH", path: "/api/profile", body: { displayName: `Renamed ${caller.email.split("@")[0]}` } }),
    expected: own(200),
  },
  {
    route: "POST /api/profile/photo",
    request: (_caller, { png }) => {
      const form = new FormData();
      form.set("photo", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
      return { method: "POST", path: "/api/profile/photo", body: form };
    },
    expected: own(200),
  },
  // Public, like any avatar <img>: everyone sees the user's photo.
  {
    route: "GET /api/photos/:uid",
    request: (_caller, { photoOwner }) => ({ method: "GET", path: `/api/photos/${photoOwner}` }),
    expected: everyone(200),
  },
  { route: "GET /api/profile/export", request: () => ({ method: "GET", path: "/api/profile/export" }), expected: own(200) },
  // The member directory and public profiles: every community page is open to visitors.
  { route: "GET /api/users", request: () => ({ method: "GET", path: "/api/users?q=a&sort=new" }), expected: everyone(200) },
  {
    route: "GET /api/users/:uid",
    request: (_caller, { photoOwner }) => ({ method: "GET", path: `/api/users/${photoOwner}` }),
    expected: everyone(200),
  },
  {
    route: "PUT /api/profile/settings",
    request: () => ({ method: "PUT", path: "/api/profile/settings", body: { listed: true } }),
    expected: own(200),
  },
  {
    route: "POST /api/analytics",
    request: () => ({ method: "POST", path: "/api/analytics", body: { name: "permission_check", params: {} } }),
    expected: own(201),
  },
  // The token is the credential, not the role: a visitor is sent to sign in, a wrong token is refused for anyone.
  {
    route: "GET /api/setup/claim",
    request: () => ({ method: "GET", path: "/api/setup/claim?token=not-a-real-token" }),
    expected: { visitor: 302, user: 400, moderator: 400, admin: 400 },
  },
  // The public data API: read-only, open to every caller (the content is loaded below).
  { route: "GET /api/v1/:collection/:id", request: () => ({ method: "GET", path: "/api/v1/items/iron-sword" }), expected: everyone(200) },
  {
    route: "POST /api/v1/query",
    request: () => ({ method: "POST", path: "/api/v1/query", body: { collection: "items", where: [["level", ">=", 10]], limit: 5 } }),
    expected: everyone(200),
  },
  { route: "GET /api/v1/search", request: () => ({ method: "GET", path: "/api/v1/search?q=giap" }), expected: everyone(200) },
  { route: "GET /api/docs", request: () => ({ method: "GET", path: "/api/docs" }), expected: everyone(200) },
  { route: "GET /api/admin/users", request: () => ({ method: "GET", path: "/api/admin/users?q=example" }), expected: adminOnly(200) },
  {
    route: "POST /api/admin/users/:uid/role",
    request: (_caller, { target }) => ({ method: "POST", path: `/api/admin/users/${target}/role`, body: { role: "moderator" } }),
    expected: adminOnly(200),
    audited: 1,
  },
  {
    route: "POST /api/admin/users/:uid/ban",
    request: (_caller, { target }) => ({ method: "POST", path: `/api/admin/users/${target}/ban`, body: { reason: "spam" } }),
    expected: adminOnly(200),
    audited: 1,
  },
  { route: "GET /api/admin/outbox", request: () => ({ method: "GET", path: "/api/admin/outbox" }), expected: adminOnly(200) },
  {
    route: "GET /api/admin/users/:uid",
    request: (_caller, { target }) => ({ method: "GET", path: `/api/admin/users/${target}` }),
    expected: adminOnly(200),
  },
  {
    route: "POST /api/admin/users/:uid/points",
    request: (_caller, { target }) => ({
      method: "POST",
      path: `/api/admin/users/${target}/points`,
      body: { delta: 5, reason: "Giải đấu" },
    }),
    expected: adminOnly(200),
    audited: 1,
  },
  // Tag and title by hand (`user:manage`): admins only.
  {
    route: "POST /api/admin/users/:uid/badges",
    request: (_caller, { target }) => ({
      method: "POST",
      path: `/api/admin/users/${target}/badges`,
      body: { tag: "vip", title: "Hiệp sĩ" },
    }),
    expected: adminOnly(200),
    audited: 1,
  },
  // The contribution ranking, like the directory: open to everyone.
  {
    route: "GET /api/contribution/ranking",
    request: () => ({ method: "GET", path: "/api/contribution/ranking?period=all" }),
    expected: everyone(200),
  },
  {
    route: "DELETE /api/admin/users/:uid/ban",
    request: (_caller, { target }) => ({ method: "DELETE", path: `/api/admin/users/${target}/ban` }),
    expected: adminOnly(200),
    audited: 1,
  },
  { route: "GET /api/chat/rooms", request: () => ({ method: "GET", path: "/api/chat/rooms" }), expected: own(200) },
  {
    route: "GET /api/chat/rooms/:room/messages",
    request: () => ({ method: "GET", path: "/api/chat/rooms/global-vi/messages" }),
    expected: own(200),
  },
  {
    route: "POST /api/chat/rooms/:room/messages",
    request: () => ({
      method: "POST",
      path: "/api/chat/rooms/global-vi/messages",
      body: { text: "Xin chào", clientId: "permission-check" },
    }),
    expected: own(201),
  },
  {
    route: "GET /api/chat/rooms/:room/mentions",
    request: () => ({ method: "GET", path: "/api/chat/rooms/global-vi/mentions?q=ad" }),
    expected: own(200),
  },
  {
    route: "POST /api/chat/rooms/:room/read",
    request: () => ({ method: "POST", path: "/api/chat/rooms/global-vi/read", body: { lastId: 1 } }),
    expected: own(200),
  },
  {
    route: "POST /api/chat/direct",
    request: (_caller, { target }) => ({ method: "POST", path: "/api/chat/direct", body: { uid: target } }),
    expected: own(200),
  },
  {
    route: "POST /api/chat/rooms/:room/mutes",
    request: (_caller, { target }) => ({ method: "POST", path: "/api/chat/rooms/global-vi/mutes", body: { uid: target, minutes: 5 } }),
    expected: moderators(201),
    audited: 1,
  },
  {
    route: "POST /api/chat/rooms/:room/slow-mode",
    request: () => ({ method: "POST", path: "/api/chat/rooms/global-vi/slow-mode", body: { seconds: 0 } }),
    expected: moderators(200),
    audited: 1,
  },
  {
    route: "PATCH /api/chat/messages/:id",
    request: (caller, { messages }) => ({
      method: "PATCH",
      path: `/api/chat/messages/${messages[caller.uid || "visitor"]}`,
      body: { text: "Sửa lại" },
    }),
    expected: own(200),
  },
  {
    route: "DELETE /api/chat/messages/:id",
    request: (caller, { messages }) => ({ method: "DELETE", path: `/api/chat/messages/${messages[caller.uid || "visitor"]}` }),
    expected: own(200),
  },
  {
    route: "POST /api/chat/blocks",
    request: (_caller, { target }) => ({ method: "POST", path: "/api/chat/blocks", body: { uid: target } }),
    expected: own(201),
  },
  { route: "GET /api/chat/blocks", request: () => ({ method: "GET", path: "/api/chat/blocks" }), expected: own(200) },
  {
    route: "DELETE /api/chat/blocks/:uid",
    request: (_caller, { target }) => ({ method: "DELETE", path: `/api/chat/blocks/${target}` }),
    expected: own(200),
  },
  { route: "GET /api/notifications", request: () => ({ method: "GET", path: "/api/notifications" }), expected: own(200) },
  {
    route: "POST /api/notifications/read",
    request: () => ({ method: "POST", path: "/api/notifications/read", body: { all: true } }),
    expected: own(200),
  },
  {
    route: "GET /api/notifications/preferences",
    request: () => ({ method: "GET", path: "/api/notifications/preferences" }),
    expected: own(200),
  },
  {
    route: "PUT /api/notifications/preferences",
    request: () => ({ method: "PUT", path: "/api/notifications/preferences", body: { kind: "mention", inApp: true, browser: false } }),
    expected: own(200),
  },
  {
    route: "POST /api/reports",
    request: (_caller, { targetMessages }) => ({
      method: "POST",
      path: "/api/reports",
      body: { kind: "message", id: targetMessages[0], reason: "Spam" },
    }),
    expected: own(201),
  },
  { route: "GET /api/reports", request: () => ({ method: "GET", path: "/api/reports?status=open" }), expected: moderators(200) },
  {
    route: "POST /api/reports/:id/resolve",
    request: (caller, { reports }) => ({
      method: "POST",
      path: `/api/reports/${reports[caller.uid] ?? reports.any}/resolve`,
      body: { action: "dismiss", note: "ok" },
    }),
    expected: moderators(200),
    audited: 1,
  },
  { route: "GET /api/audit", request: () => ({ method: "GET", path: "/api/audit" }), expected: adminOnly(200) },
  // The site's settings: admins only, each change audited.
  { route: "GET /api/admin/settings", request: () => ({ method: "GET", path: "/api/admin/settings" }), expected: adminOnly(200) },
  {
    route: "PATCH /api/admin/settings",
    request: () => ({ method: "PATCH", path: "/api/admin/settings", body: { signUpsOpen: true } }),
    expected: adminOnly(200),
    audited: 1,
  },
  // The team's announcements: admins only, each change audited.
  {
    route: "GET /api/admin/announcements",
    request: () => ({ method: "GET", path: "/api/admin/announcements" }),
    expected: adminOnly(200),
  },
  {
    route: "POST /api/admin/announcements",
    request: () => ({
      method: "POST",
      path: "/api/admin/announcements",
      body: { text: { vi: "Bảo trì", en: "Maintenance" }, startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-01-02T00:00:00Z" },
    }),
    expected: adminOnly(201),
    audited: 1,
  },
  {
    route: "DELETE /api/admin/announcements/:id",
    request: (_caller, shared) => ({ method: "DELETE", path: `/api/admin/announcements/${shared.announcement}` }),
    expected: adminOnly(200),
    audited: 1,
  },
  // The content editor: admins only; every write audited (a draft's change, a publish, a restore, an import, a discard).
  { route: "GET /api/admin/content/draft", request: () => ({ method: "GET", path: "/api/admin/content/draft" }), expected: adminOnly(200) },
  {
    route: "GET /api/admin/content/:kind",
    request: () => ({ method: "GET", path: "/api/admin/content/items?q=kiem" }),
    expected: adminOnly(200),
  },
  {
    route: "GET /api/admin/content/:kind/:id",
    request: () => ({ method: "GET", path: "/api/admin/content/items/iron-sword" }),
    expected: adminOnly(200),
  },
  {
    route: "PATCH /api/admin/content/:kind/:id",
    request: () => ({ method: "PATCH", path: "/api/admin/content/items/iron-sword", body: CONTENT_ITEM }),
    expected: adminOnly(200),
    audited: 1,
  },
  {
    route: "POST /api/admin/content/:kind",
    request: () => ({ method: "POST", path: "/api/admin/content/items", body: { ...CONTENT_ITEM, id: "permission-sword" } }),
    expected: adminOnly(201),
    audited: 1,
  },
  {
    route: "DELETE /api/admin/content/:kind/:id",
    request: () => ({ method: "DELETE", path: "/api/admin/content/items/permission-sword" }),
    expected: adminOnly(200),
    audited: 1,
  },
  {
    route: "POST /api/admin/content/publish",
    request: () => ({ method: "POST", path: "/api/admin/content/publish", body: {} }),
    expected: adminOnly(201),
    audited: 1,
  },
  {
    route: "GET /api/admin/content/versions",
    request: () => ({ method: "GET", path: "/api/admin/content/versions" }),
    expected: adminOnly(200),
  },
  {
    route: "POST /api/admin/content/versions/:id/restore",
    request: () => ({ method: "POST", path: "/api/admin/content/versions/1/restore", body: {} }),
    expected: adminOnly(201),
    audited: 1,
  },
  {
    route: "POST /api/admin/content/import",
    request: () => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(DEMO_PACK_ZIP)], "pack.zip", { type: "application/zip" }));
      return { method: "POST", path: "/api/admin/content/import", body: form };
    },
    expected: adminOnly(201),
    audited: 1,
  },
  {
    route: "GET /api/admin/content/export",
    request: () => ({ method: "GET", path: "/api/admin/content/export" }),
    expected: adminOnly(200),
  },
  {
    route: "GET /api/admin/content/:file{[a-z-]+\\.csv}",
    request: () => ({ method: "GET", path: "/api/admin/content/rune-sets.csv" }),
    expected: adminOnly(200),
  },
  {
    route: "DELETE /api/admin/content/draft",
    request: () => ({ method: "DELETE", path: "/api/admin/content/draft" }),
    expected: adminOnly(200),
    audited: 1,
  },
  // The admin dashboard: admins only.
  { route: "GET /api/admin/dashboard", request: () => ({ method: "GET", path: "/api/admin/dashboard?days=90" }), expected: adminOnly(200) },
  // The admin area's audit log: a moderator reads the moderation decisions only.
  { route: "GET /api/admin/audit", request: () => ({ method: "GET", path: "/api/admin/audit" }), expected: moderators(200) },
  { route: "GET /api/admin/audit.csv", request: () => ({ method: "GET", path: "/api/admin/audit.csv" }), expected: moderators(200) },
  { route: "GET /api/search", request: () => ({ method: "GET", path: "/api/search?q=giap" }), expected: everyone(200) },
  { route: "GET /api/feed/posts", request: () => ({ method: "GET", path: "/api/feed/posts?lang=vi&sort=new" }), expected: everyone(200) },
  {
    route: "POST /api/feed/posts",
    request: () => ({ method: "POST", path: "/api/feed/posts", body: { body: "Xin chào", lang: "vi", clientId: "permission-post-2" } }),
    expected: own(201),
  },
  {
    route: "GET /api/feed/posts/:id",
    request: (caller, { posts }) => ({ method: "GET", path: `/api/feed/posts/${posts[caller.uid || "visitor"]}` }),
    expected: everyone(200),
  },
  {
    route: "PATCH /api/feed/posts/:id",
    request: (caller, { posts }) => ({ method: "PATCH", path: `/api/feed/posts/${posts[caller.uid || "visitor"]}`, body: { body: "sửa" } }),
    expected: own(200),
  },
  {
    route: "POST /api/feed/posts/:id/like",
    request: (caller, { posts }) => ({ method: "POST", path: `/api/feed/posts/${posts[caller.uid || "visitor"]}/like` }),
    expected: own(200),
  },
  {
    route: "DELETE /api/feed/posts/:id/like",
    request: (caller, { posts }) => ({ method: "DELETE", path: `/api/feed/posts/${posts[caller.uid || "visitor"]}/like` }),
    expected: own(200),
  },
  {
    route: "PATCH /api/feed/posts/:id (hidden, pinned)",
    request: (caller, { posts }) => ({
      method: "PATCH",
      path: `/api/feed/posts/${posts[caller.uid || "visitor"]}`,
      body: { pinned: false, hidden: false },
    }),
    expected: moderators(200),
    // Two decisions in one request (unpinned, shown): an entry each.
    audited: 2,
  },
  {
    route: "POST /api/feed/posts (multipart)",
    request: (_caller, { png }) => {
      const form = new FormData();
      form.set("body", "Ảnh");
      form.set("lang", "vi");
      form.set("images", new File([new Uint8Array(png)], "a.png", { type: "image/png" }));
      return { method: "POST", path: "/api/feed/posts", body: form };
    },
    expected: own(201),
  },
  {
    route: "GET /api/feed/images/:id",
    request: (_caller, { postImage }) => ({ method: "GET", path: postImage }),
    expected: everyone(200),
  },
  {
    route: "GET /api/feed/posts/:id/comments",
    request: (caller, { posts }) => ({ method: "GET", path: `/api/feed/posts/${posts[caller.uid || "visitor"]}/comments` }),
    expected: everyone(200),
  },
  {
    route: "POST /api/feed/posts/:id/comments",
    request: (caller, { posts }) => ({
      method: "POST",
      path: `/api/feed/posts/${posts[caller.uid || "visitor"]}/comments`,
      body: { body: "hay", clientId: "permission-comment-2" },
    }),
    expected: own(201),
  },
  {
    route: "PATCH /api/feed/comments/:id",
    request: (caller, { comments }) => ({
      method: "PATCH",
      path: `/api/feed/comments/${comments[caller.uid || "visitor"]}`,
      body: { body: "sửa" },
    }),
    expected: own(200),
  },
  {
    route: "POST /api/feed/comments/:id/like",
    request: (caller, { comments }) => ({ method: "POST", path: `/api/feed/comments/${comments[caller.uid || "visitor"]}/like` }),
    expected: own(200),
  },
  {
    route: "DELETE /api/feed/comments/:id/like",
    request: (caller, { comments }) => ({ method: "DELETE", path: `/api/feed/comments/${comments[caller.uid || "visitor"]}/like` }),
    expected: own(200),
  },
  {
    route: "DELETE /api/feed/comments/:id",
    request: (caller, { comments }) => ({ method: "DELETE", path: `/api/feed/comments/${comments[caller.uid || "visitor"]}` }),
    expected: own(200),
  },
  {
    route: "DELETE /api/feed/posts/:id",
    request: (caller, { posts }) => ({ method: "DELETE", path: `/api/feed/posts/${posts[caller.uid || "visitor"]}` }),
    expected: own(200),
  },
  { route: "GET /api/guides", request: () => ({ method: "GET", path: "/api/guides" }), expected: everyone(200) },
  {
    route: "GET /api/guides (review queue)",
    request: () => ({ method: "GET", path: "/api/guides?status=review" }),
    expected: moderators(200),
  },
  { route: "GET /api/guides (own)", request: () => ({ method: "GET", path: "/api/guides?author=me" }), expected: own(200) },
  {
    route: "POST /api/guides",
    request: () => ({ method: "POST", path: "/api/guides", body: { title: "Hướng dẫn", body: "Nội dung", lang: "vi" } }),
    expected: own(201),
  },
  {
    route: "POST /api/guides/preview",
    request: () => ({ method: "POST", path: "/api/guides/preview", body: { body: "**Kiếm**" } }),
    expected: own(200),
  },
  {
    route: "GET /api/guides/:id",
    request: (caller) => ({ method: "GET", path: `/api/guides/${guideFixtures.own[caller.uid || "visitor"]}` }),
    expected: own(200),
  },
  {
    route: "GET /api/guides/:id (another member's)",
    request: () => ({ method: "GET", path: `/api/guides/${guideFixtures.others}` }),
    expected: { visitor: 401, user: 404, moderator: 200, admin: 200 },
  },
  {
    route: "PATCH /api/guides/:id",
    request: (caller) => ({
      method: "PATCH",
      path: `/api/guides/${guideFixtures.own[caller.uid || "visitor"]}`,
      body: { body: "sửa", version: 1 },
    }),
    expected: own(200),
  },
  {
    route: "PATCH /api/guides/:id (another member's)",
    request: () => ({ method: "PATCH", path: `/api/guides/${guideFixtures.others}`, body: { body: "sửa", version: 1 } }),
    expected: { visitor: 401, user: 404, moderator: 403, admin: 403 },
  },
  {
    route: "POST /api/guides/:id/submit",
    request: (caller) => ({ method: "POST", path: `/api/guides/${guideFixtures.own[caller.uid || "visitor"]}/submit` }),
    expected: own(200),
  },
  {
    route: "POST /api/guides/:id/submit (another member's)",
    request: () => ({ method: "POST", path: `/api/guides/${guideFixtures.others}/submit` }),
    expected: { visitor: 401, user: 404, moderator: 403, admin: 403 },
  },
  {
    route: "POST /api/guides/:id/approve (own)",
    request: (caller) => ({ method: "POST", path: `/api/guides/${guideFixtures.own[caller.uid || "visitor"]}/approve` }),
    expected: { visitor: 401, user: 403, moderator: 403, admin: 403 },
  },
  {
    route: "POST /api/guides/:id/approve",
    request: (caller) => ({
      method: "POST",
      path: `/api/guides/${guideFixtures.toApprove[caller.uid] ?? guideFixtures.toApprove.any}/approve`,
    }),
    expected: moderators(200),
    audited: 1,
  },
  {
    route: "POST /api/guides/:id/reject",
    request: (caller) => ({
      method: "POST",
      path: `/api/guides/${guideFixtures.toReject[caller.uid] ?? guideFixtures.toReject.any}/reject`,
      body: { reason: "Thiếu ảnh" },
    }),
    expected: moderators(200),
    audited: 1,
  },
  {
    route: "DELETE /api/guides/:id (another member's)",
    request: () => ({ method: "DELETE", path: `/api/guides/${guideFixtures.others}` }),
    expected: { visitor: 401, user: 404, moderator: 403, admin: 403 },
  },
  {
    route: "DELETE /api/guides/:id",
    request: (caller) => ({ method: "DELETE", path: `/api/guides/${guideFixtures.own[caller.uid || "visitor"]}` }),
    expected: own(200),
  },
  { route: "GET /api/feed/hidden", request: () => ({ method: "GET", path: "/api/feed/hidden" }), expected: moderators(200) },
  {
    route: "GET /api/feed/comments/hidden",
    request: () => ({ method: "GET", path: "/api/feed/comments/hidden" }),
    expected: moderators(200),
  },
  {
    route: "POST /api/feed/comments/:id/restore",
    request: (caller, { hiddenComments }) => ({
      method: "POST",
      path: `/api/feed/comments/${hiddenComments[caller.uid] ?? hiddenComments.any}/restore`,
    }),
    expected: moderators(200),
    audited: 1,
  },
  { route: "GET /api/guides/hidden", request: () => ({ method: "GET", path: "/api/guides/hidden" }), expected: moderators(200) },
  {
    route: "POST /api/guides/:id/restore",
    request: (caller) => ({
      method: "POST",
      path: `/api/guides/${guideFixtures.toRestore[caller.uid] ?? guideFixtures.toRestore.any}/restore`,
    }),
    expected: moderators(200),
    audited: 1,
  },
  {
    route: "POST /api/guides/:id/restore (own)",
    request: (caller) => ({
      method: "POST",
      path: `/api/guides/${guideFixtures.hiddenOwn[caller.uid] ?? guideFixtures.hiddenOwn.any}/restore`,
    }),
    expected: { visitor: 401, user: 403, moderator: 403, admin: 403 },
  },
  { route: "GET /api/bag", request: () => ({ method: "GET", path: "/api/bag" }), expected: own(200) },
  {
    route: "POST /api/bag",
    request: () => ({ method: "POST", path: "/api/bag", body: { itemId: "iron-ore", quantity: 2 } }),
    expected: own(201),
  },
  { route: "GET /api/bag/export", request: () => ({ method: "GET", path: "/api/bag/export" }), expected: own(200) },
  {
    route: "POST /api/bag/import",
    request: () => ({
      method: "POST",
      path: "/api/bag/import",
      body: { csv: "itemId,name,quantity,enhancement,note\niron-ore,,3,0,\n", mode: "add" },
    }),
    expected: own(201),
  },
  {
    route: "GET /api/bag/:id",
    request: (caller) => ({ method: "GET", path: `/api/bag/${mine(personalFixtures.bag, caller)}` }),
    expected: own(200),
  },
  {
    route: "GET /api/bag/:id (another member's)",
    request: () => ({ method: "GET", path: `/api/bag/${personalFixtures.othersBag}` }),
    expected: OTHERS,
  },
  {
    route: "PATCH /api/bag/:id",
    request: (caller) => ({ method: "PATCH", path: `/api/bag/${mine(personalFixtures.bag, caller)}`, body: { quantity: 5 } }),
    expected: own(200),
  },
  {
    route: "PATCH /api/bag/:id (another member's)",
    request: () => ({ method: "PATCH", path: `/api/bag/${personalFixtures.othersBag}`, body: { quantity: 5 } }),
    expected: OTHERS,
  },
  {
    route: "DELETE /api/bag/:id (another member's)",
    request: () => ({ method: "DELETE", path: `/api/bag/${personalFixtures.othersBag}` }),
    expected: OTHERS,
  },
  {
    route: "DELETE /api/bag/:id",
    request: (caller) => ({ method: "DELETE", path: `/api/bag/${mine(personalFixtures.bag, caller)}` }),
    expected: own(200),
  },
  { route: "GET /api/notes", request: () => ({ method: "GET", path: "/api/notes" }), expected: own(200) },
  {
    route: "POST /api/notes",
    request: () => ({ method: "POST", path: "/api/notes", body: { title: "Việc cần làm", body: "- [ ] farm đá" } }),
    expected: own(201),
  },
  {
    route: "GET /api/notes/:id",
    request: (caller) => ({ method: "GET", path: `/api/notes/${mine(personalFixtures.note, caller)}` }),
    expected: own(200),
  },
  {
    route: "GET /api/notes/:id (another member's)",
    request: () => ({ method: "GET", path: `/api/notes/${personalFixtures.othersNote}` }),
    expected: OTHERS,
  },
  {
    route: "PATCH /api/notes/:id",
    request: (caller) => ({
      method: "PATCH",
      path: `/api/notes/${mine(personalFixtures.note, caller)}`,
      body: { title: "Đã sửa", version: 1 },
    }),
    expected: own(200),
  },
  {
    route: "PATCH /api/notes/:id (another member's)",
    request: () => ({ method: "PATCH", path: `/api/notes/${personalFixtures.othersNote}`, body: { title: "lén sửa", version: 1 } }),
    expected: OTHERS,
  },
  {
    route: "DELETE /api/notes/:id (another member's)",
    request: () => ({ method: "DELETE", path: `/api/notes/${personalFixtures.othersNote}` }),
    expected: OTHERS,
  },
  {
    route: "DELETE /api/notes/:id",
    request: (caller) => ({ method: "DELETE", path: `/api/notes/${mine(personalFixtures.note, caller)}` }),
    expected: own(200),
  },
  { route: "GET /api/tax/rates", request: () => ({ method: "GET", path: "/api/tax/rates" }), expected: everyone(200) },
  { route: "GET /api/tax/ledger", request: () => ({ method: "GET", path: "/api/tax/ledger" }), expected: own(200) },
  {
    route: "POST /api/tax/ledger",
    request: () => ({ method: "POST", path: "/api/tax/ledger", body: { side: "sell", label: "Bán đá", quantity: 1, unitPrice: 100 } }),
    expected: own(201),
  },
  { route: "GET /api/tax/ledger/export", request: () => ({ method: "GET", path: "/api/tax/ledger/export" }), expected: own(200) },
  {
    route: "PATCH /api/tax/ledger/:id",
    request: (caller) => ({ method: "PATCH", path: `/api/tax/ledger/${mine(personalFixtures.ledger, caller)}`, body: { rateId: null } }),
    expected: own(200),
  },
  {
    route: "PATCH /api/tax/ledger/:id (another member's)",
    request: () => ({ method: "PATCH", path: `/api/tax/ledger/${personalFixtures.othersLedger}`, body: { rateId: null } }),
    expected: OTHERS,
  },
  {
    route: "DELETE /api/tax/ledger/:id (another member's)",
    request: () => ({ method: "DELETE", path: `/api/tax/ledger/${personalFixtures.othersLedger}` }),
    expected: OTHERS,
  },
  {
    route: "DELETE /api/tax/ledger/:id",
    request: (caller) => ({ method: "DELETE", path: `/api/tax/ledger/${mine(personalFixtures.ledger, caller)}` }),
    expected: own(200),
  },
  { route: "GET /api/offers", request: () => ({ method: "GET", path: "/api/offers?itemId=iron-ore" }), expected: everyone(200) },
  { route: "GET /api/offers (mine)", request: () => ({ method: "GET", path: "/api/offers?mine=1" }), expected: own(200) },
  {
    route: "POST /api/offers",
    request: () => ({ method: "POST", path: "/api/offers", body: { ...OFFER_BODY, clientId: "permission-offer-2" } }),
    expected: own(201),
  },
  {
    route: "GET /api/offers/:id",
    request: () => ({ method: "GET", path: `/api/offers/${offerFixtures.others}` }),
    expected: everyone(200),
  },
  {
    route: "PATCH /api/offers/:id",
    request: () => ({ method: "PATCH", path: `/api/offers/${offerFixtures.others}`, body: { hidden: false } }),
    expected: moderators(200),
    audited: 1,
  },
  {
    route: "POST /api/offers/:id/replies",
    request: () => ({ method: "POST", path: `/api/offers/${offerFixtures.others}/replies`, body: { text: "Còn hàng không bạn?" } }),
    expected: own(201),
  },
  {
    route: "POST /api/offers/:id/reserve (another member's)",
    request: () => ({ method: "POST", path: `/api/offers/${offerFixtures.others}/reserve`, body: { replyId: 1 } }),
    expected: strangers(403),
  },
  {
    route: "POST /api/offers/:id/reserve",
    request: (caller) => ({
      method: "POST",
      path: `/api/offers/${mine(offerFixtures.trade, caller)}/reserve`,
      body: { replyId: mine(offerFixtures.tradeReply, caller) },
    }),
    expected: own(200),
  },
  {
    route: "POST /api/offers/:id/confirm (another member's)",
    request: () => ({ method: "POST", path: `/api/offers/${offerFixtures.others}/confirm` }),
    expected: strangers(403),
  },
  {
    route: "POST /api/offers/:id/confirm",
    request: (caller) => ({ method: "POST", path: `/api/offers/${mine(offerFixtures.trade, caller)}/confirm` }),
    expected: own(200),
  },
  {
    route: "POST /api/offers/:id/cancel (another member's)",
    request: () => ({ method: "POST", path: `/api/offers/${offerFixtures.others}/cancel`, body: {} }),
    expected: strangers(403),
  },
  {
    route: "POST /api/offers/:id/cancel",
    request: (caller) => ({ method: "POST", path: `/api/offers/${mine(offerFixtures.trade, caller)}/cancel`, body: { reason: "Đổi ý" } }),
    expected: own(200),
  },
  {
    route: "POST /api/offers/:id/feedback (another member's)",
    request: () => ({ method: "POST", path: `/api/offers/${offerFixtures.others}/feedback`, body: { score: -1, comment: "x" } }),
    expected: strangers(403),
  },
  {
    route: "POST /api/offers/:id/feedback",
    request: (caller) => ({
      method: "POST",
      path: `/api/offers/${mine(offerFixtures.done, caller)}/feedback`,
      body: { score: 1, comment: "Vẫn lịch sự" },
    }),
    expected: own(201),
  },
  {
    route: "POST /api/offers/:id/reserve (to release)",
    request: (caller) => ({
      method: "POST",
      path: `/api/offers/${mine(offerFixtures.release, caller)}/reserve`,
      body: { replyId: mine(offerFixtures.releaseReply, caller) },
    }),
    expected: own(200),
  },
  {
    route: "POST /api/offers/:id/unreserve (another member's)",
    request: () => ({ method: "POST", path: `/api/offers/${offerFixtures.others}/unreserve`, body: { reason: "x" } }),
    expected: strangers(403),
  },
  {
    route: "POST /api/offers/:id/unreserve",
    request: (caller) => ({
      method: "POST",
      path: `/api/offers/${mine(offerFixtures.release, caller)}/unreserve`,
      body: { reason: "Hết hàng" },
    }),
    expected: own(200),
  },
  { route: "GET /api/alerts", request: () => ({ method: "GET", path: "/api/alerts" }), expected: own(200) },
  {
    route: "POST /api/alerts",
    request: () => ({ method: "POST", path: "/api/alerts", body: { itemId: "iron-ore", side: "sell", server: "suong-mai", maxPrice: 90 } }),
    expected: own(201),
  },
  {
    route: "GET /api/alerts/:id (another member's)",
    request: () => ({ method: "GET", path: `/api/alerts/${offerFixtures.othersAlert}` }),
    expected: { visitor: 401, user: 404, moderator: 404, admin: 404 },
  },
  {
    route: "GET /api/alerts/:id",
    request: (caller) => ({ method: "GET", path: `/api/alerts/${mine(offerFixtures.alerts, caller)}` }),
    expected: own(200),
  },
  {
    route: "DELETE /api/alerts/:id (another member's)",
    request: () => ({ method: "DELETE", path: `/api/alerts/${offerFixtures.othersAlert}` }),
    expected: { visitor: 401, user: 404, moderator: 404, admin: 404 },
  },
  {
    route: "DELETE /api/alerts/:id",
    request: (caller) => ({ method: "DELETE", path: `/api/alerts/${mine(offerFixtures.alerts, caller)}` }),
    expected: own(200),
  },
  {
    route: "GET /api/items/:id/prices",
    request: () => ({ method: "GET", path: "/api/items/iron-ore/prices?range=48h" }),
    expected: everyone(200),
  },
  {
    route: "GET /api/reputation",
    request: () => ({ method: "GET", path: "/api/reputation?name=quyen%20vuong&server=suong-mai" }),
    expected: everyone(200),
  },
  // Clans: the directory and a clan's page are open to visitors; creating one is a member's (each caller a clan of their own).
  { route: "GET /api/clans", request: () => ({ method: "GET", path: "/api/clans?server=thanh-truc&q=bang" }), expected: everyone(200) },
  {
    route: "POST /api/clans",
    request: (caller) => ({
      method: "POST",
      path: "/api/clans",
      body: {
        server: "thanh-truc",
        name: `Bang ${caller.email}`,
        tag: `P${createHash("sha256").update(caller.email).digest("hex").slice(0, 4).toUpperCase()}`,
        emblem: "game-icons:crossed-swords",
        language: "vi",
      },
    }),
    expected: own(201),
  },
  {
    route: "GET /api/clans/:id",
    request: () => ({ method: "GET", path: "/api/clans/clan-00000000000000000000" }),
    expected: everyone(404),
  },
  // A clan's own actions: a visitor is asked to sign in; a site role gives no right inside a clan (the
  // leader/officer/member/outsider/moderator/admin table is server/clans/clan-membership.test.ts).
  {
    route: "PATCH /api/clans/:id",
    request: () => ({ method: "PATCH", path: "/api/clans/clan-00000000000000000000", body: { recruiting: false } }),
    expected: own(404),
  },
  {
    route: "DELETE /api/clans/:id",
    request: () => ({ method: "DELETE", path: "/api/clans/clan-00000000000000000000", body: { confirm: "Không có" } }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/join",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/join", body: {} }),
    expected: own(404),
  },
  {
    route: "DELETE /api/clans/:id/join",
    request: () => ({ method: "DELETE", path: "/api/clans/clan-00000000000000000000/join" }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/invites",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/invites", body: { uid: "someone" } }),
    expected: own(404),
  },
  {
    route: "POST /api/clan-invites/:id/accept",
    request: () => ({ method: "POST", path: "/api/clan-invites/999999/accept", body: {} }),
    expected: own(404),
  },
  {
    route: "POST /api/clan-invites/:id/decline",
    request: () => ({ method: "POST", path: "/api/clan-invites/999999/decline", body: {} }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/members/:uid/approve",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/members/someone/approve", body: {} }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/members/:uid/refuse",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/members/someone/refuse", body: {} }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/members/:uid/kick",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/members/someone/kick", body: {} }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/members/:uid/role",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/members/someone/role", body: { role: "officer" } }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/transfer",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/transfer", body: { uid: "someone" } }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/leave",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/leave", body: {} }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/announcements",
    request: () => ({ method: "POST", path: "/api/clans/clan-00000000000000000000/announcements", body: { text: "Họp bang" } }),
    expected: own(404),
  },
  {
    route: "POST /api/clans/:id/events",
    request: () => ({
      method: "POST",
      path: "/api/clans/clan-00000000000000000000/events",
      body: { title: "Bang chiến", startsAt: "2030-01-01T20:00:00+07:00" },
    }),
    expected: own(404),
  },
  {
    route: "POST /api/clan-events/:id/rsvp",
    request: () => ({ method: "POST", path: "/api/clan-events/999999/rsvp", body: { answer: "going" } }),
    expected: own(404),
  },
  { route: "DELETE /api/clan-events/:id", request: () => ({ method: "DELETE", path: "/api/clan-events/999999" }), expected: own(404) },
  // Rankings: open to visitors; submitting a character's numbers is a member's (each caller a character of their own).
  {
    route: "GET /api/rankings",
    request: () => ({ method: "GET", path: "/api/rankings?kind=players&period=month" }),
    expected: everyone(200),
  },
  {
    route: "GET /api/characters/:id/history",
    request: () => ({ method: "GET", path: "/api/characters/999999/history" }),
    expected: everyone(404),
  },
  {
    route: "POST /api/characters",
    request: (caller) => ({
      method: "POST",
      path: "/api/characters",
      body: {
        name: `Xếp hạng ${createHash("sha256").update(caller.email).digest("hex").slice(0, 8)}`,
        server: "thanh-truc",
        classId: "swordsman",
        level: 20,
        power: 12_345,
      },
    }),
    expected: own(201),
  },
  { route: "GET /api/characters/claims", request: () => ({ method: "GET", path: "/api/characters/claims" }), expected: own(200) },
  {
    route: "POST /api/characters/claims",
    request: (caller) => ({
      method: "POST",
      path: "/api/characters/claims",
      body: { name: `Nhân vật ${caller.email}`, server: "bach-hac" },
    }),
    expected: own(201),
  },
  // A claim's proof: each member's own claim takes their screenshot; no one else's.
  {
    route: "POST /api/characters/claims/:id/proof",
    request: (caller, { png }) => {
      const form = new FormData();
      form.set("screenshot", new File([new Uint8Array(png)], "code.png", { type: "image/png" }));
      return { method: "POST", path: `/api/characters/claims/${mine(offerFixtures.claims, caller)}/proof`, body: form };
    },
    expected: own(201),
  },
  {
    route: "DELETE /api/characters/claims/:id",
    request: (caller) => ({ method: "DELETE", path: `/api/characters/claims/${mine(offerFixtures.claims, caller)}` }),
    expected: own(200),
  },
  {
    route: "GET /api/reputation/images/:id",
    request: () => ({ method: "GET", path: "/api/reputation/images/AAAAAAAAAAAAAAAAAAAAAA" }),
    expected: everyone(404),
  },
  {
    route: "POST /api/reports (scam report)",
    request: () => ({
      method: "POST",
      path: "/api/reports",
      body: { kind: "character", name: "Kẻ Lừa", server: "suong-mai", reason: "Lừa đảo" },
    }),
    expected: own(201),
  },
  {
    route: "DELETE /api/profile",
    // Deleting an account needs its password: every account here signed up with this one.
    request: () => ({ method: "DELETE", path: "/api/profile", body: { password: "correct horse battery" } }),
    expected: own(200),
  },
];

/** One app per engine, shared by the blocks below: they sign up 8 accounts of the 10 per hour one address may. */
describe.each(testEngines)("server permissions on %s", (engine) => {
  let t: TestApp;
  const uidOf = async (cookie: string): Promise<string> => (await (await call(t.app, "/api/auth/get-session", { cookie })).json()).user.id;
  const roleOf = async (uid: string) => {
    const [auth] = await t.db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, uid));
    const [profile] = await t.db.select({ role: users.role }).from(users).where(eq(users.uid, uid));
    return { auth: auth?.role ?? null, profile: profile?.role ?? null };
  };
  const auditEntries = async () => (await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLog))[0]?.count ?? 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe("every endpoint × every caller", () => {
    const accounts = {} as Record<Caller, Account>;
    const shared: Shared = {
      photoOwner: "",
      png: Buffer.alloc(0),
      target: "target-uid",
      messages: {},
      targetMessages: [],
      reports: {},
      posts: {},
      comments: {},
      hiddenComments: {},
      postImage: "",
      announcement: 0,
    };

    beforeAll(async () => {
      await ensureContent(t.db, silentLogger);
      accounts.visitor = { cookie: undefined, uid: "", email: "" };
      for (const role of roles) {
        const email = `${role}@example.vn`;
        const cookie = await signUp(t.app, email, "correct horse battery", role);
        const uid = await uidOf(cookie);
        if (role !== "user") await setRole(t.db, { uid }, role);
        accounts[role] = { cookie, uid, email };
      }
      shared.photoOwner = accounts.user.uid;
      await t.db.insert(authUsers).values({ id: shared.target, name: "Target", email: "target@example.vn" });
      await t.db.insert(users).values({ uid: shared.target, email: "target@example.vn", displayName: "Target", createdAt: Date.now() });
      for (const role of roles) {
        const { cookie, uid } = accounts[role];
        await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
        const sent = await call(t.app, "/api/chat/rooms/global-en-US/messages", {
          body: { text: "mine", clientId: "permission-own" },
          cookie,
        });
        shared.messages[uid] = (await sent.json()).data.id;
      }
      shared.messages.visitor = shared.messages[accounts.user.uid] ?? 0;
      const now = Date.now();
      shared.targetMessages = (
        await t.db
          .insert(chatMessages)
          .values(
            ["report me", "moderator's", "admin's"].map((text, index) => ({
              roomId: "global-en-US",
              authorUid: shared.target,
              clientId: `permission-target-${index}`,
              text,
              createdAt: now,
            })),
          )
          .returning({ id: chatMessages.id })
      ).map((row) => row.id);
      for (const [index, role] of (["moderator", "admin"] as const).entries()) {
        const filed = await call(t.app, "/api/reports", {
          body: { kind: "message", id: shared.targetMessages[index + 1], reason: "Spam" },
          cookie: accounts.user.cookie,
        });
        shared.reports[accounts[role].uid] = (await filed.json()).data.id;
      }
      shared.reports.any = shared.reports[accounts.moderator.uid] ?? 0;
      for (const role of roles) {
        const { cookie, uid } = accounts[role];
        const posted = await call(t.app, "/api/feed/posts", { body: { body: "mine", lang: "vi", clientId: "permission-post" }, cookie });
        shared.posts[uid] = (await posted.json()).data.id;
        const commented = await call(t.app, `/api/feed/posts/${shared.posts[uid]}/comments`, {
          body: { body: "mine", clientId: "permission-comment" },
          cookie,
        });
        shared.comments[uid] = (await commented.json()).data.id;
      }
      shared.posts.visitor = shared.posts[accounts.user.uid] ?? 0;
      shared.comments.visitor = shared.comments[accounts.user.uid] ?? 0;
      // Under a post of their own that no row deletes ("DELETE /api/feed/posts/:id" deletes the
      // callers' posts first, and a comment under a deleted post is not restorable).
      const [thread] = await t.db
        .insert(posts)
        .values({ authorUid: shared.target, clientId: "permission-hidden-thread", language: "vi", body: "thread", createdAt: now })
        .returning({ id: posts.id });
      for (const role of ["moderator", "admin"] as const) {
        const [hidden] = await t.db
          .insert(comments)
          .values({
            postId: thread!.id,
            authorUid: shared.target,
            clientId: `permission-hidden-${role}`,
            body: "hidden",
            hiddenAt: now,
            hiddenBy: accounts[role].uid,
            createdAt: now,
          })
          .returning({ id: comments.id });
        shared.hiddenComments[accounts[role].uid] = hidden!.id;
      }
      shared.hiddenComments.any = shared.hiddenComments[accounts.moderator.uid] ?? 0;
      shared.png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2e86de" } })
        .png()
        .toBuffer();
      const withImage = new FormData();
      withImage.set("body", "ảnh");
      withImage.set("lang", "vi");
      withImage.set("images", new File([new Uint8Array(shared.png)], "a.png", { type: "image/png" }));
      const imaged = await call(t.app, "/api/feed/posts", { body: withImage, cookie: accounts.admin.cookie });
      shared.postImage = (await imaged.json()).data.images[0].url;
      const [announcement] = await t.db
        .insert(announcementsTable)
        .values({ textVi: "Cũ", textEn: "Old", startsAt: Date.now(), endsAt: Date.now() + 3_600_000, createdAt: Date.now() })
        .returning({ id: announcementsTable.id });
      shared.announcement = announcement!.id;
    });

    beforeAll(async () => {
      for (const role of roles) {
        const drafted = await call(t.app, "/api/guides", {
          body: { title: "Của tôi", body: "mine", lang: "vi" },
          cookie: accounts[role].cookie,
        });
        guideFixtures.own[accounts[role].uid] = (await drafted.json()).data.id;
      }
      guideFixtures.own.visitor = guideFixtures.own[accounts.user.uid] ?? 0;
      const now = Date.now();
      const othersGuide = (status: "draft" | "review", title: string) => ({
        authorUid: shared.target,
        language: "vi",
        category: "beginner",
        title,
        body: "Nội dung",
        status,
        createdAt: now,
        updatedAt: now,
        submittedAt: status === "review" ? now : null,
      });
      const [draft] = await t.db.insert(guides).values(othersGuide("draft", "Của người khác")).returning({ id: guides.id });
      guideFixtures.others = draft!.id;
      for (const role of ["moderator", "admin"] as const) {
        const [approve, reject] = await t.db
          .insert(guides)
          .values([othersGuide("review", `Duyệt (${role})`), othersGuide("review", `Trả lại (${role})`)])
          .returning({ id: guides.id });
        guideFixtures.toApprove[accounts[role].uid] = approve!.id;
        guideFixtures.toReject[accounts[role].uid] = reject!.id;
      }
      guideFixtures.toApprove.any = guideFixtures.toApprove[accounts.moderator.uid] ?? 0;
      guideFixtures.toReject.any = guideFixtures.toReject[accounts.moderator.uid] ?? 0;
      const hiddenGuide = async (authorUid: string, title: string) => {
        const [guide] = await t.db
          .insert(guides)
          .values({ ...othersGuide("draft", title), authorUid, status: "published", hiddenAt: now })
          .returning({ id: guides.id });
        const [revision] = await t.db
          .insert(guideRevisions)
          .values({
            guideId: guide!.id,
            number: 1,
            language: "vi",
            category: "beginner",
            title,
            body: "Nội dung",
            version: 1,
            createdAt: now,
          })
          .returning({ id: guideRevisions.id });
        await t.db.update(guides).set({ publishedRevisionId: revision!.id }).where(eq(guides.id, guide!.id));
        return guide!.id;
      };
      for (const role of ["moderator", "admin"] as const) {
        guideFixtures.toRestore[accounts[role].uid] = await hiddenGuide(shared.target, `Khôi phục (${role})`);
        guideFixtures.hiddenOwn[accounts[role].uid] = await hiddenGuide(accounts[role].uid, `Của tôi, bị ẩn (${role})`);
      }
      guideFixtures.toRestore.any = guideFixtures.toRestore[accounts.moderator.uid] ?? 0;
      guideFixtures.hiddenOwn.any = guideFixtures.hiddenOwn[accounts.moderator.uid] ?? 0;
    });

    // Every row is a write of each account, more than the API's write budget a minute (which has
    // its own tests): the budget is lifted while the rows run (this file has its own worker).
    const writeBudget = RATE_RULES.write.max;
    afterAll(() => {
      RATE_RULES.write.max = writeBudget;
    });
    beforeAll(async () => {
      RATE_RULES.write.max = 10_000;
      for (const [index, role] of roles.entries()) {
        const { cookie, uid } = accounts[role];
        const replier = accounts[roles[(index + 1) % roles.length] ?? "user"];
        for (const fixture of ["trade", "release"] as const) {
          const posted = await call(t.app, "/api/offers", { body: { ...OFFER_BODY, clientId: `permission-${fixture}` }, cookie });
          offerFixtures[fixture][uid] = (await posted.json()).data.id;
          const replied = await call(t.app, `/api/offers/${offerFixtures[fixture][uid]}/replies`, {
            body: { text: "Mình lấy" },
            cookie: replier.cookie,
          });
          offerFixtures[fixture === "trade" ? "tradeReply" : "releaseReply"][uid] = (await replied.json()).data.id;
        }
        const at = Date.now();
        const [done] = await t.db
          .insert(offers)
          .values({
            side: "sell",
            itemId: OFFER_BODY.itemId,
            quantity: 1,
            unitPrice: 100,
            server: OFFER_BODY.server,
            characterName: OFFER_BODY.characterName,
            ownerUid: uid,
            clientId: "permission-done",
            status: "completed",
            reservedReplyId: offerFixtures.tradeReply[uid] ?? 0,
            counterpartyUid: replier.uid,
            ownerConfirmedAt: at,
            counterpartyConfirmedAt: at,
            completedAt: at,
            expiresAt: at + 86_400_000,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: offers.id });
        offerFixtures.done[uid] = done!.id;
        const alert = await call(t.app, "/api/alerts", {
          body: { itemId: "iron-ore", side: "buy", server: "suong-mai", minPrice: 5 },
          cookie,
        });
        offerFixtures.alerts[uid] = (await alert.json()).data.id;
        const claimed = await call(t.app, "/api/characters/claims", { body: { name: `Của ${role}`, server: "suong-mai" }, cookie });
        offerFixtures.claims[uid] = (await claimed.json()).data.id;
      }
      const now = Date.now();
      const [others] = await t.db
        .insert(offers)
        .values({
          side: "sell",
          itemId: OFFER_BODY.itemId,
          quantity: 1,
          unitPrice: 100,
          server: OFFER_BODY.server,
          characterName: "Người Khác",
          ownerUid: shared.target,
          clientId: "permission-others",
          expiresAt: now + 86_400_000,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: offers.id });
      offerFixtures.others = others!.id;
      const [alert] = await t.db
        .insert(priceAlerts)
        .values({ uid: shared.target, itemId: "iron-ore", side: "sell", server: "suong-mai", maxPrice: 50, createdAt: now })
        .returning({ id: priceAlerts.id });
      offerFixtures.othersAlert = alert!.id;
    });

    beforeAll(async () => {
      for (const role of roles) {
        const { cookie, uid } = accounts[role];
        const entry = await call(t.app, "/api/bag", { body: { itemId: "iron-ore", quantity: 1 }, cookie });
        personalFixtures.bag[uid] = (await entry.json()).data.id;
        const note = await call(t.app, "/api/notes", { body: { title: "Của tôi", body: "ghi chú" }, cookie });
        personalFixtures.note[uid] = (await note.json()).data.id;
        const ledger = await call(t.app, "/api/tax/ledger", { body: { side: "sell", label: "Bán", quantity: 1, unitPrice: 10 }, cookie });
        personalFixtures.ledger[uid] = (await ledger.json()).data.id;
      }
      const now = Date.now();
      const owner = { uid: shared.target, clientId: "permission-others", createdAt: now };
      const [bag] = await t.db
        .insert(bagEntries)
        .values({ ...owner, itemId: "iron-ore", quantity: 1, updatedAt: now })
        .returning({ id: bagEntries.id });
      personalFixtures.othersBag = bag!.id;
      const [note] = await t.db
        .insert(notes)
        .values({ ...owner, title: "Của người khác", body: "riêng tư", updatedAt: now })
        .returning({ id: notes.id });
      personalFixtures.othersNote = note!.id;
      const [ledger] = await t.db
        .insert(taxLedger)
        .values({ ...owner, side: "sell", label: "Bán", quantity: 1, unitPrice: 10, tax: 0, net: 10, occurredAt: now })
        .returning({ id: taxLedger.id });
      personalFixtures.othersLedger = ledger!.id;
    });

    it("lists every API route the app serves", () => {
      const served = t.app.routes
        .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/") && !route.path.startsWith("/api/auth/"))
        .map((route) => `${route.method} ${route.path}`);
      // A route checked in several ways names each way after it: `PATCH /api/feed/posts/:id (hidden, pinned)`.
      const checked = new Set(endpoints.map((endpoint) => endpoint.route.replace(/ \(.*\)$/, "")));
      expect([...checked].sort()).toEqual([...new Set(served)].sort());
    });

    it.each(endpoints.map((endpoint) => [endpoint.route, endpoint] as const))("%s", async (_route, endpoint) => {
      const statuses = {} as Record<Caller, number>;
      const audited = {} as Record<Caller, number>;
      for (const caller of callers) {
        const account = accounts[caller];
        const { method, path, body } = endpoint.request(account, shared);
        const entriesBefore = await auditEntries();
        const response = await call(t.app, path, { method, body, cookie: account.cookie });
        statuses[caller] = response.status;
        audited[caller] = (await auditEntries()) - entriesBefore;
        if (response.status === 401) expect((await response.json()).error.code).toBe("unauthenticated");
        if (response.status === 403) expect((await response.json()).error.code).toBe("permission-denied");
        if (response.status === 302 && caller === "visitor") expect(response.headers.get("Location")).toMatch(/^\/login\?redirect=/);
      }
      expect(statuses).toEqual(endpoint.expected);
      // Every decision that succeeds is in the audit log once; nothing else writes there.
      const expectedAudit = Object.fromEntries(
        callers.map((caller) => [caller, statuses[caller] >= 200 && statuses[caller] < 300 ? (endpoint.audited ?? 0) : 0]),
      );
      expect(audited).toEqual(expectedAudit);
    });

    it("marks every write only moderators or admins may make as audited", () => {
      const privileged = endpoints.filter(
        (endpoint) =>
          !endpoint.route.startsWith("GET ") &&
          endpoint.expected.user === 403 &&
          [endpoint.expected.moderator, endpoint.expected.admin].some((status) => status >= 200 && status < 300),
      );
      expect(privileged.filter((endpoint) => !endpoint.audited).map((endpoint) => endpoint.route)).toEqual([]);
    });

    it("lets only the admin act on the target account", async () => {
      expect(await roleOf(shared.target)).toEqual({ auth: "moderator", profile: "moderator" });
      const [target] = await t.db.select({ banned: authUsers.banned }).from(authUsers).where(eq(authUsers.id, shared.target));
      expect(target?.banned).toBe(false); // banned once by the admin, then unbanned by the admin
    });
  });

  describe("a client cannot raise its own role", () => {
    it("refuses a role in the sign-up body, and creates no account", async () => {
      const response = await call(t.app, "/api/auth/sign-up/email", {
        body: { email: "sneaky@example.vn", password: "correct horse battery", name: "Sneaky", role: "admin" },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe("FIELD_NOT_ALLOWED");
      expect(await t.db.select().from(authUsers).where(eq(authUsers.email, "sneaky@example.vn"))).toEqual([]);
    });

    it("keeps the role at user whatever the client sends afterwards", async () => {
      const cookie = await signUp(t.app, "sneaky@example.vn", "correct horse battery", "Sneaky");
      const uid = await uidOf(cookie);
      const synced = await call(t.app, "/api/profile/sync", { method: "POST", body: { role: "admin", tag: "staff" }, cookie });
      expect((await synced.json()).role).toBe("user");

      const patched = await call(t.app, "/api/profile", { method: "PATCH", body: { displayName: "Boss", role: "admin" }, cookie });
      expect(patched.status).toBe(400);
      expect((await patched.json()).error.code).toBe("invalid-argument");

      const updateUser = await call(t.app, "/api/auth/update-user", { body: { role: "admin" }, cookie });
      expect(updateUser.status).toBe(400);
      expect((await updateUser.json()).code).toBe("FIELD_NOT_ALLOWED");

      const selfPromotion = await call(t.app, "/api/auth/admin/set-role", { body: { userId: uid, role: "admin" }, cookie });
      expect(selfPromotion.status).toBe(404);
      expect((await call(t.app, `/api/admin/users/${uid}/role`, { body: { role: "admin" }, cookie })).status).toBe(403);

      expect(await roleOf(uid)).toEqual({ auth: "user", profile: "user" });
      const profile = await (await call(t.app, "/api/profile", { cookie })).json();
      expect(profile).toMatchObject({ role: "user", tag: "member", displayName: "Sneaky" });
    });

    it("keeps better-auth's own admin endpoints closed, to admins too (ours keep the profile role in step)", async () => {
      const cookie = await signUp(t.app, "root2@example.vn", "correct horse battery", "Root");
      const uid = await uidOf(cookie);
      await setRole(t.db, { uid }, "admin");
      for (const path of [
        "/api/auth/admin/set-role",
        "/api/auth/admin/impersonate-user",
        "/api/auth/admin/list-users",
        "/api/auth/admin/ban-user",
      ]) {
        const response = await call(t.app, path, { body: { userId: uid, role: "user" }, cookie });
        expect(response.status, path).toBe(404);
      }
    });

    it("does not let a moderator make itself admin, through our API or better-auth's", async () => {
      const cookie = await signUp(t.app, "mod2@example.vn", "correct horse battery", "Mod");
      const uid = await uidOf(cookie);
      await setRole(t.db, { uid }, "moderator");
      const response = await call(t.app, "/api/auth/admin/set-role", { body: { userId: uid, role: "admin" }, cookie });
      expect(response.status).toBe(404);
      expect((await call(t.app, `/api/admin/users/${uid}/role`, { body: { role: "admin" }, cookie })).status).toBe(403);
      expect(await roleOf(uid)).toEqual({ auth: "moderator", profile: "moderator" });
    });
  });

  describe("the write rate limit", () => {
    it("answers the 61st write in a minute from one account with 429 and Retry-After, and only for that account", async () => {
      const cookie = await signUp(t.app, "busy@example.vn", "correct horse battery", "Busy");
      const event = { name: "tap", params: {} };
      for (let attempt = 1; attempt <= 60; attempt++) {
        const response = await call(t.app, "/api/analytics", { body: event, cookie });
        if (response.status !== 201) throw new Error(`write ${attempt} answered ${response.status}`);
      }
      const limited = await call(t.app, "/api/analytics", { body: event, cookie });
      expect(limited.status).toBe(429);
      expect((await limited.json()).error.code).toBe("resource-exhausted");
      const retryAfter = Number(limited.headers.get("Retry-After"));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      // Other writes of the same account too, but not its reads, nor other accounts' writes.
      expect((await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie })).status).toBe(429);
      expect((await call(t.app, "/api/profile/export", { cookie })).status).toBe(200);
      const other = await signUp(t.app, "calm@example.vn", "correct horse battery", "Calm");
      expect((await call(t.app, "/api/analytics", { body: event, cookie: other })).status).toBe(201);
    });
  });
});
