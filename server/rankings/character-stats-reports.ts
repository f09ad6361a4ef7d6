/**
 * Flagging a character's numbers (issue 43): anyone signed in may say a character's latest numbers
 * are wrong (`POST /api/reports {kind:"character-stats", characterId, reason}`); a moderator checks
 * them from the queue, and `verify` marks them checked (`dismiss` leaves them unchecked).
 */
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { ReportContext } from "../../universal/moderation/moderation-schemas.ts";
import { characterHref } from "../../universal/rankings/ranking-schemas.ts";
import { publishPagesChanged } from "../delivery/page-changes.ts";
import { AppError } from "../errors.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { parseValue } from "../http/context.ts";
import { fileReport, reportKindsOf } from "../moderation/moderation.ts";
import type { ReportableKind } from "../moderation/report-kinds.ts";
import { characterById, verifyCharacterNumbers } from "./characters.ts";

const statsReportBody = z.object({
  kind: z.literal("character-stats"),
  characterId: z.coerce
    .number("characterId: a character's id")
    .int("characterId: a character's id")
    .min(1, "characterId: a character's id"),
  reason: z.string("reason: why the numbers are wrong").trim().min(1, "a report needs a reason").max(500, "reason: at most 500 characters"),
});

function characterId(targetId: string): number | undefined {
  const id = Number(targetId);
  return /^\d{1,16}$/.test(targetId) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

async function statsContext(db: Database, targetId: string): Promise<ReportContext | null> {
  const id = characterId(targetId);
  const character = id === undefined ? undefined : await characterById(db, id);
  if (!character) return null;
  const text = `${character.name} (${character.server}) · ${character.classId} · level ${character.level} · power ${character.power}`;
  const author = { uid: character.uid, displayName: character.name };
  return {
    author,
    text,
    createdAt: character.updatedAt,
    where: { kind: "character-stats", id: character.server, label: character.server },
    link: characterHref(character.id),
    removed: false,
    around: [{ id: String(character.id), author, text, createdAt: character.updatedAt, target: true }],
  };
}

export function characterStatsReportable(hub: RealtimeHub): ReportableKind {
  const kind: ReportableKind = {
    kind: "character-stats",
    permission: "report:verify",
    async assertReportable(db, viewer, targetId) {
      const id = characterId(targetId);
      const character = id === undefined ? undefined : await characterById(db, id);
      if (!character) throw new AppError("not-found", "No such character.");
      if (character.uid === viewer.uid) throw new AppError("invalid-argument", "You cannot report your own numbers.", { reason: "own" });
    },
    context: (db, targetId) => statsContext(db, targetId),
    async apply() {
      throw new AppError("invalid-argument", "A character's numbers are verified or dismissed.");
    },
    async verify(tx, moderator, _reportId, targetId) {
      const id = characterId(targetId);
      const character = id === undefined ? undefined : await characterById(tx, id);
      if (!character) return () => {};
      if (character.uid === moderator.uid)
        throw new AppError("permission-denied", "Another moderator checks your own numbers.", { reason: "own" });
      await verifyCharacterNumbers(tx, character.id);
      return () => publishPagesChanged(hub, ["/rating"]);
    },
    async file(db, viewer, request) {
      // The site's report dialog names the thing `id`; the API's own field is `characterId`.
      const fields = { ...request.fields, characterId: request.fields.characterId ?? request.fields.id };
      const body = parseValue(statsReportBody, fields, "body");
      return fileReport(
        db,
        reportKindsOf([kind]),
        viewer,
        { kind: "character-stats", id: String(body.characterId), reason: body.reason },
        Date.now(),
        request.reportsPerDay,
      );
    },
  };
  return kind;
}
