import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { authVerifications, users } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { setRole } from "../users/set-role.ts";

const IDENTIFIER = "admin-setup";
export const SETUP_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** What `issueSetupLink` makes (base64url); anything else is refused before it reaches a statement. */
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const INVALID_LINK = "This setup link is invalid, used or expired. Restart the server for a new one.";

/**
 * On a database with no admin, a one-time link (valid 1 hour) that makes the account using it
 * admin. A new start replaces the previous link. Returns the path, or null when an admin exists.
 */
export async function issueSetupLink(db: Database, now = Date.now()): Promise<string | null> {
  if (await hasAdmin(db)) {
    // A link from an earlier start must not outlive its purpose.
    await db.delete(authVerifications).where(eq(authVerifications.identifier, IDENTIFIER));
    return null;
  }
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.delete(authVerifications).where(eq(authVerifications.identifier, IDENTIFIER));
    await tx.insert(authVerifications).values({
      id: randomBytes(12).toString("hex"),
      identifier: IDENTIFIER,
      value: token,
      expiresAt: new Date(now + SETUP_LINK_LIFETIME_MS),
    });
  });
  return `/api/setup/claim?token=${token}`;
}

async function hasAdmin(db: Database): Promise<boolean> {
  const [admin] = await db.select({ uid: users.uid }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(admin);
}

/** `GET /api/setup/claim?token=…`: signed in, the account becomes admin; signed out, sign in first and come back. */
export function adminSetupRoutes(db: Database) {
  return new Hono<AppEnv>().get("/setup/claim", async (c) => {
    const token = c.req.query("token") ?? "";
    const viewer = c.get("viewer");
    if (!viewer) return c.redirect(`/login?redirect=${encodeURIComponent(`/api/setup/claim?token=${token}`)}`);
    if (!TOKEN.test(token)) throw new AppError("invalid-argument", INVALID_LINK);
    // The link used up, the role given and the audit entry written together, or none of them.
    await db.transaction(async (tx) => {
      const claimed = await tx
        .delete(authVerifications)
        .where(
          and(
            eq(authVerifications.identifier, IDENTIFIER),
            eq(authVerifications.value, token),
            gt(authVerifications.expiresAt, new Date()),
          ),
        )
        .returning({ id: authVerifications.id });
      if (claimed.length === 0) throw new AppError("invalid-argument", INVALID_LINK);
      // Only for the first admin: once there is one (say, made with `npm run user:role`), an older link is void.
      if (await hasAdmin(tx)) throw new AppError("invalid-argument", "An admin exists already: ask them for a role.");
      const { previous } = await setRole(tx, { uid: viewer.uid }, "admin");
      await recordAudit(tx, {
        actorUid: viewer.uid,
        action: "user.set-role",
        targetKind: "member",
        targetId: viewer.uid,
        note: "setup link",
        before: { role: previous },
        after: { role: "admin" },
      });
    });
    c.get("logger").warn("admin setup link used", { uid: viewer.uid });
    return c.redirect("/admin");
  });
}
