import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contributionTotals, users } from "../../db/schema/index.ts";
import { isBandTitle, titleForLevel } from "../../universal/contribution/contribution-levels.ts";
import { AppError } from "../errors.ts";

export interface MemberBadges {
  uid: string;
  tag: string;
  title: string;
  /** Whether an admin set the title by hand (a new level keeps it), or it follows the level. */
  titleByAdmin: boolean;
}

/**
 * An admin gives a member a tag and a title by hand. A title given this way is kept when the level
 * changes; `title: null` gives the title back to the level (the band's title at once). Omitted
 * fields stay as they are.
 */
export async function setBadges(
  tx: Database,
  uid: string,
  change: { tag?: string | undefined; title?: string | null | undefined },
  now = Date.now(),
): Promise<MemberBadges> {
  const [profile] = await tx
    .select({ tag: users.tag, title: users.title, level: users.level })
    .from(users)
    .where(eq(users.uid, uid))
    .for("update");
  if (!profile) throw new AppError("not-found", "No such member.");
  const [totals] = await tx
    .select({ titleByAdmin: contributionTotals.titleByAdmin })
    .from(contributionTotals)
    .where(eq(contributionTotals.uid, uid));
  // No totals row yet: a title that is no band's was given by hand before points existed.
  const keptFlag = totals?.titleByAdmin ?? !isBandTitle(profile.title);
  const titleByAdmin = change.title === undefined ? keptFlag : change.title !== null;
  const tag = change.tag ?? profile.tag;
  const title = change.title === undefined ? profile.title : (change.title ?? titleForLevel(profile.level));
  await tx.update(users).set({ tag, title, updatedAt: now }).where(eq(users.uid, uid));
  await tx
    .insert(contributionTotals)
    .values({ uid, points: 0, titleByAdmin, updatedAt: now })
    .onConflictDoUpdate({ target: contributionTotals.uid, set: { titleByAdmin, updatedAt: now } });
  return { uid, tag, title, titleByAdmin };
}
