import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { roles } from "../../universal/auth/permissions.ts";
import type { Database } from "../../db/client.ts";
import { authUsers, users } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { parseJson, parseQuery, requirePermission, uidParam, type AppEnv } from "../http/context.ts";
import { SEARCH_TEXT_MAX, searchText } from "../http/search-text.ts";
import { banUser, unbanUser } from "../users/ban-user.ts";
import { readOutbox } from "../mail/read-outbox.ts";
import { setRole } from "../users/set-role.ts";
import { setBadges } from "../users/set-badges.ts";
import { BADGE_FILTER_MAX } from "../../universal/users/users-limits.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { publishSessionsChanged } from "../realtime/session-ends.ts";
import { nextUserCursor, searchAdminUsers, USER_CURSOR } from "./search-users.ts";
import { adjustMemberPoints, pointsAdjustment, readAdminMember } from "./admin-members.ts";

const roleChange = z.object({ role: z.enum(roles) }).strict();

const badgeText = z
  .string()
  .trim()
  .min(1)
  .max(BADGE_FILTER_MAX)
  .regex(/^\P{Cc}*$/u, "no control characters");
/** The member list's filters beside `q`: role, tag, title, banned now or not, and the page's cursor. */
const userFilters = z.object({
  q: z.string().optional(),
  role: z.enum(roles).optional(),
  tag: badgeText.optional(),
  title: badgeText.optional(),
  banned: z.enum(["true", "false"]).optional(),
  cursor: z.string().regex(USER_CURSOR).optional(),
});
/** A tag and a title by hand; `title: null` gives the title back to the level. */
const badgesChange = z
  .object({ tag: badgeText.optional(), title: badgeText.nullable().optional() })
  .strict()
  .refine((change) => change.tag !== undefined || change.title !== undefined, "give a tag, a title or both");
const ban = z.object({ reason: z.string().trim().min(1).max(200), until: z.iso.datetime().optional() }).strict();

/** A member's ban as the audit log records it, before a decision changes it. */
async function banState(db: Database, uid: string): Promise<{ banned: boolean; until: string | null } | null> {
  const [row] = await db.select({ banned: authUsers.banned, until: authUsers.banExpires }).from(authUsers).where(eq(authUsers.id, uid));
  return row ? { banned: row.banned === true, until: row.until?.toISOString() ?? null } : null;
}

/** The admin area's user management API: every handler checks the permission table first. */
export function adminRoutes(db: Database, hub: Pick<RealtimeHub, "publish">) {
  return new Hono<AppEnv>()
    .get("/admin/users", async (c) => {
      requirePermission(c, "user:manage");
      const parsed = searchText.safeParse(c.req.query("q") ?? "");
      if (!parsed.success)
        throw new AppError("invalid-argument", `'q' must be at most ${SEARCH_TEXT_MAX} characters, without control characters.`);
      const { banned, ...filters } = parseQuery(c, userFilters);
      const data = await searchAdminUsers(db, { ...filters, q: parsed.data, banned: banned === undefined ? undefined : banned === "true" });
      return c.json({ data, nextCursor: nextUserCursor(data) });
    })
    .get("/admin/users/:uid", async (c) => {
      requirePermission(c, "user:manage");
      return c.json({ data: await readAdminMember(db, uidParam(c)) });
    })
    .post("/admin/users/:uid/points", async (c) => {
      const admin = requirePermission(c, "user:manage");
      const uid = uidParam(c);
      const input = await parseJson(c, pointsAdjustment);
      const data = await adjustMemberPoints(db, admin, uid, input);
      c.get("logger").info("points adjusted", { by: admin.uid, uid, delta: input.delta });
      return c.json({ data });
    })
    .post("/admin/users/:uid/role", async (c) => {
      const admin = requirePermission(c, "user:set-role");
      const uid = uidParam(c);
      const { role } = await parseJson(c, roleChange);
      if (uid === admin.uid && role !== "admin") throw new AppError("invalid-argument", "You cannot remove your own admin role.");
      const result = await db.transaction(async (tx) => {
        const { previous, ...changed } = await setRole(tx, { uid }, role);
        await recordAudit(tx, {
          actorUid: admin.uid,
          action: "user.set-role",
          targetKind: "member",
          targetId: uid,
          before: { role: previous },
          after: { role },
        });
        return changed;
      });
      // The member's open sockets close and reconnect with the new role.
      publishSessionsChanged(hub, uid);
      c.get("logger").info("role changed", { by: admin.uid, uid, role });
      return c.json(result);
    })
    .post("/admin/users/:uid/badges", async (c) => {
      const admin = requirePermission(c, "user:manage");
      const uid = uidParam(c);
      const change = await parseJson(c, badgesChange);
      const result = await db.transaction(async (tx) => {
        const [was] = await tx.select({ tag: users.tag, title: users.title }).from(users).where(eq(users.uid, uid));
        const badges = await setBadges(tx, uid, change);
        await recordAudit(tx, {
          actorUid: admin.uid,
          action: "user.set-badges",
          targetKind: "member",
          targetId: uid,
          before: was ? { tag: was.tag, title: was.title } : null,
          after: { tag: badges.tag, title: badges.title, titleByAdmin: badges.titleByAdmin },
        });
        return badges;
      });
      c.get("logger").info("badges changed", { by: admin.uid, uid, tag: result.tag, title: result.title });
      return c.json(result);
    })
    .post("/admin/users/:uid/ban", async (c) => {
      const admin = requirePermission(c, "user:ban");
      const uid = uidParam(c);
      const { reason, until } = await parseJson(c, ban);
      if (uid === admin.uid) throw new AppError("invalid-argument", "You cannot ban yourself.");
      // A ban that ended before it began would end the member's sessions and nothing else.
      if (until && Date.parse(until) <= Date.now())
        throw new AppError("invalid-argument", "'until' must be in the future (or left out for a permanent ban).", { field: "until" });
      await db.transaction(async (tx) => {
        const before = await banState(tx, uid);
        await banUser(tx, uid, reason, until ? new Date(until) : null);
        await recordAudit(tx, {
          actorUid: admin.uid,
          action: "user.ban",
          targetKind: "member",
          targetId: uid,
          note: reason,
          before,
          after: { banned: true, until: until ?? null },
        });
      });
      publishSessionsChanged(hub, uid);
      c.get("logger").info("user banned", { by: admin.uid, uid, reason, until });
      return c.json({ banned: true });
    })
    .get("/admin/outbox", async (c) => {
      requirePermission(c, "mail:read-outbox");
      return c.json({ data: await readOutbox(db) });
    })
    .delete("/admin/users/:uid/ban", async (c) => {
      const admin = requirePermission(c, "user:ban");
      const uid = uidParam(c);
      await db.transaction(async (tx) => {
        const before = await banState(tx, uid);
        await unbanUser(tx, uid);
        await recordAudit(tx, {
          actorUid: admin.uid,
          action: "user.unban",
          targetKind: "member",
          targetId: uid,
          before,
          after: { banned: false, until: null },
        });
      });
      c.get("logger").info("user unbanned", { by: admin.uid, uid });
      return c.json({ banned: false });
    });
}
