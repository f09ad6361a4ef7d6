/** Offers in the moderation queue (`kind: 'offer'`): upheld, the offer is hidden from every public list. */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offers, users } from "../../db/schema/index.ts";
import type { ReportContext } from "../../universal/moderation/moderation-schemas.ts";
import { AppError } from "../errors.ts";
import type { ReportableKind } from "../moderation/report-kinds.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { hideOfferIn } from "./hide-offer.ts";
import { offerLink } from "./offer-notices.ts";
import { asOf, type TraderPresence } from "./offer-rows.ts";
import { publishOffer } from "./offer-topic.ts";

async function offerOf(db: Database, targetId: string) {
  const id = Number(targetId);
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [found] = await db
    .select({ row: offers, displayName: users.displayName })
    .from(offers)
    .leftJoin(users, eq(users.uid, offers.ownerUid))
    .where(eq(offers.id, id));
  return found;
}

export function offerReportable(db: Database, hub: RealtimeHub, presence: TraderPresence): ReportableKind {
  return {
    kind: "offer",
    permission: "offer:hide",
    async assertReportable(tx, viewer, targetId) {
      const found = await offerOf(tx, targetId);
      const row = found && asOf(found.row);
      const party = row && (row.ownerUid === viewer.uid || row.counterpartyUid === viewer.uid);
      if (!row || row.hiddenAt !== null || (row.status !== "open" && !party)) throw new AppError("not-found", "No such offer.");
      if (row.ownerUid === viewer.uid) throw new AppError("invalid-argument", "You cannot report your own offer.", { reason: "own" });
    },
    async context(tx, targetId): Promise<ReportContext | null> {
      const found = await offerOf(tx, targetId);
      if (!found) return null;
      const { row } = found;
      return {
        author: { uid: row.ownerUid, displayName: found.displayName ?? "" },
        text: `${row.side} ${row.quantity} × ${row.itemId} @ ${row.unitPrice} · ${row.characterName} (${row.server})${row.note ? `\n${row.note}` : ""}`,
        createdAt: row.createdAt,
        where: { kind: "offer", id: row.itemId, label: row.itemId },
        link: row.hiddenAt === null ? offerLink(row.id) : null,
        removed: row.hiddenAt !== null,
        around: [],
      };
    },
    async apply(tx, moderator, targetId, _action, now) {
      const id = Number(targetId);
      if (!Number.isSafeInteger(id) || id < 1) return () => {};
      const hidden = await hideOfferIn(tx, moderator, id, now);
      return () => {
        if (hidden) void publishOffer(db, hub, presence, hidden);
      };
    },
  };
}
