import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";

/**
 * The key that signs sessions: AUTH_SECRET when set, otherwise one generated at the first start and
 * kept in the database, so a fresh clone needs no setup and every instance shares it.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: "authSecret", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, "authSecret"));
  if (typeof row?.value !== "string") throw new Error("auth secret missing from settings");
  return row.value;
}
