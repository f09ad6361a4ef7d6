import { desc } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { devOutbox } from "../../db/schema/index.ts";

/** The newest mails kept without SMTP (development), for admins to read the links they hold. */
export async function readOutbox(db: Database, limit = 20) {
  return db
    .select({ id: devOutbox.id, to: devOutbox.to, subject: devOutbox.subject, text: devOutbox.text, createdAt: devOutbox.createdAt })
    .from(devOutbox)
    .orderBy(desc(devOutbox.id))
    .limit(limit);
}
