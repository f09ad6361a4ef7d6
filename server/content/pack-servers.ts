/** The game's servers as the content pack lists them: what a claim, a report or a clan names must be one. */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";

/** Refuses a server the pack does not list, with 400 naming the field `server`. */
export async function assertServer(db: Database, server: string): Promise<void> {
  const [entry] = await db
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, "servers"), eq(contentEntries.id, server)));
  if (!entry)
    throw new AppError("invalid-argument", "server: no such server in the catalog.", { field: "server", reason: "unknown-server" });
}
