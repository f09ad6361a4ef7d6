import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";

/** The generated secret's file, beside the embedded database's files. */
export const SECRET_FILE = "auth-secret";

/** Where the secret that signs sessions and ID tokens comes from. */
export type SecretSource =
  /** `AUTH_SECRET` (required with a database server). */
  | { configured: string }
  /** The embedded database's folder: a generated secret is kept in a file only the owner reads. */
  | { dataDir: string }
  /** An in-memory database (tests): a secret for this process only. */
  | { ephemeral: true };

/**
 * The key that signs sessions and ID tokens. It never lives in the database, so a dump of the
 * database alone cannot mint tokens: it is `AUTH_SECRET`, or, on the embedded database, a secret
 * generated at the first start into a `0600` file beside the data. A secret that an earlier version
 * kept in the `settings` table is moved into that file (sessions survive) and removed from the table.
 */
export async function resolveAuthSecret(db: Database, source: SecretSource): Promise<string> {
  const [legacy] = await db.select().from(settings).where(eq(settings.key, "authSecret"));
  if (legacy) await db.delete(settings).where(eq(settings.key, "authSecret"));
  if ("configured" in source) return source.configured;
  if ("ephemeral" in source) return randomBytes(48).toString("base64url");

  mkdirSync(source.dataDir, { recursive: true });
  const file = join(source.dataDir, SECRET_FILE);
  if (!existsSync(file)) {
    const secret = typeof legacy?.value === "string" ? legacy.value : randomBytes(48).toString("base64url");
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  }
  // A copy restored with looser permissions is tightened again.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to generate a new one (every session ends).`);
  return secret;
}
