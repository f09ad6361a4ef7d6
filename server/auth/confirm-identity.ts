import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authAccounts } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { beginPasswordAttempt, endPasswordAttempt } from "./password-attempts.ts";
import { passwordHasher } from "./password-hashing.ts";
import type { Viewer } from "./viewer.ts";

/** How recent a sign-in must be to stand in for the password of an account that has none. */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** Reads every format the sign-in stores (the cost only matters for new hashes). */
const passwords = passwordHasher();

async function passwordHash(db: Database, uid: string): Promise<string | null> {
  const [account] = await db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, uid), eq(authAccounts.providerId, "credential")));
  return account?.password ?? null;
}

/** Whether the account signs in with a password (else only through a social or OpenID provider). */
export async function hasPassword(db: Database, uid: string): Promise<boolean> {
  return (await passwordHash(db, uid)) !== null;
}

/**
 * Proves that the person at the keyboard owns the account before an act that cannot be undone, so
 * a session left open or stolen is not enough: the account's password, checked under the same
 * per-account slow-down as sign-in, or, for an account without one, a sign-in within the last
 * five minutes.
 */
export async function confirmIdentity(db: Database, viewer: Viewer, password: string | undefined, now = Date.now()): Promise<void> {
  const hash = await passwordHash(db, viewer.uid);
  if (!hash) {
    if (viewer.signedInAt === null || now - viewer.signedInAt > RECENT_SIGN_IN_MS) {
      throw new AppError("unauthenticated", "Sign in again, then confirm within 5 minutes.");
    }
    return;
  }
  if (!password) throw new AppError("invalid-argument", "Enter your password to confirm.");
  const attempt = await beginPasswordAttempt(db, viewer.email, now);
  if (!attempt.allowed) {
    throw new AppError("resource-exhausted", `Too many wrong passwords. Try again in ${attempt.retryAfter} s.`);
  }
  const right = await passwords.verify({ hash, password });
  await endPasswordAttempt(db, viewer.email, right ? "right" : "wrong");
  if (!right) throw new AppError("permission-denied", "The password is not right.");
}
