/**
 * Scam reports in the moderation queue (`kind: 'character'`): a member names an in-game character
 * and server, says what happened and may attach screenshots (`images`, re-encoded like the feed's).
 * A character's reports share one open report (`{server}/{folded name}`); a moderator verifies it
 * (then `/bplayer` shows it) or dismisses it.
 */
import { and, eq } from "drizzle-orm";
import { reportImages, reportReporters, reports } from "../../db/schema/index.ts";
import { REPORT_IMAGE_MAX_BYTES, REPORT_IMAGES_MAX } from "../../universal/offers/offer-limits.ts";
import { characterReportBody } from "../../universal/offers/offer-schemas.ts";
import type { Database } from "../../db/client.ts";
import type { ReportContext } from "../../universal/moderation/moderation-schemas.ts";
import { AppError } from "../errors.ts";
import { parseValue } from "../http/context.ts";
import { reencodeImage, type ReencodedImage } from "../images/image-decoding.ts";
import { fileReport, reportKindsOf } from "../moderation/moderation.ts";
import type { ReportableKind } from "../moderation/report-kinds.ts";
import { assertServer } from "../content/pack-servers.ts";
import { characterTarget, claimOf, foldName, imagesOf } from "./reputation.ts";
import { newImageId } from "../images/image-id.ts";

/** Screenshots are at most this wide or tall once re-encoded. */
const IMAGE_EDGE = 1600;

function splitTarget(targetId: string): { server: string; name: string } | undefined {
  const at = targetId.indexOf("/");
  return at > 0 ? { server: targetId.slice(0, at), name: targetId.slice(at + 1) } : undefined;
}

export function bplayerLink(name: string, server: string): string {
  return `/bplayer?${new URLSearchParams({ name, server }).toString()}`;
}

/** Screenshots re-encoded (checked for count and size first): a scam report's, a claim's proof, a dispute's. */
export async function readImages(files: readonly File[]): Promise<ReencodedImage[]> {
  if (files.length > REPORT_IMAGES_MAX)
    throw new AppError("invalid-argument", `At most ${REPORT_IMAGES_MAX} images.`, { reason: "image-count" });
  if (files.some((file) => file.size > REPORT_IMAGE_MAX_BYTES))
    throw new AppError("invalid-argument", `Each image must be ${REPORT_IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.`, {
      reason: "image-size",
    });
  const images: ReencodedImage[] = [];
  for (const file of files)
    images.push(
      await reencodeImage(new Uint8Array(await file.arrayBuffer()), "A screenshot", (image) =>
        image.resize(IMAGE_EDGE, IMAGE_EDGE, { fit: "inside", withoutEnlargement: true }),
      ),
    );
  return images;
}

/**
 * Screenshots join the member's own part of a report (they must be one of its reporters), up to
 * REPORT_IMAGES_MAX per member: a retried request adds none past it.
 */
export async function attachImages(db: Database, reportId: number, uid: string, images: readonly ReencodedImage[]): Promise<void> {
  if (images.length === 0) return;
  const [mine] = await db
    .select({ uid: reportReporters.uid })
    .from(reportReporters)
    .where(and(eq(reportReporters.reportId, reportId), eq(reportReporters.uid, uid)));
  const kept = await db
    .select({ id: reportImages.id })
    .from(reportImages)
    .where(and(eq(reportImages.reportId, reportId), eq(reportImages.uid, uid)));
  const room = Math.max(0, REPORT_IMAGES_MAX - kept.length);
  if (!mine || room === 0) return;
  const now = Date.now();
  await db.insert(reportImages).values(
    images.slice(0, room).map((image) => ({
      id: newImageId(),
      reportId,
      uid,
      contentType: image.contentType,
      data: image.data.toString("base64"),
      width: image.width,
      height: image.height,
      createdAt: now,
    })),
  );
}

export function characterReportable(): ReportableKind {
  const kind: ReportableKind = {
    kind: "character",
    permission: "report:verify",
    async assertReportable(db, viewer, targetId) {
      const target = splitTarget(targetId);
      if (!target) throw new AppError("invalid-argument", "Name a character and its server.");
      const claim = await claimOf(db, target.name, target.server);
      if (claim?.uid === viewer.uid) throw new AppError("invalid-argument", "You cannot report your own character.", { reason: "own" });
    },
    async context(db, targetId, reportedAt): Promise<ReportContext | null> {
      const target = splitTarget(targetId);
      if (!target) return null;
      const [report] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.kind, "character"), eq(reports.targetId, targetId), eq(reports.createdAt, reportedAt)));
      const images = report ? ((await imagesOf(db, [report.id])).get(report.id) ?? []) : [];
      return {
        author: null,
        text: target.name,
        createdAt: reportedAt,
        where: { kind: "character", id: target.server, label: target.server },
        link: bplayerLink(target.name, target.server),
        removed: false,
        around: [],
        images,
      };
    },
    async apply() {
      throw new AppError("invalid-argument", "A scam report is verified or dismissed.");
    },
    async verify() {
      // The decision itself (action 'verify' on the report) is what /bplayer reads.
      return () => {};
    },
    async file(db, viewer, request) {
      const body = parseValue(characterReportBody, request.fields, "body");
      await assertServer(db, body.server);
      const images = await readImages(request.images);
      const targetId = characterTarget(body.server, await foldName(db, body.name));
      const filed = await fileReport(
        db,
        reportKindsOf([kind]),
        viewer,
        { kind: "character", id: targetId, reason: body.reason },
        Date.now(),
        request.reportsPerDay,
      );
      await attachImages(db, filed.id, viewer.uid, images);
      return filed;
    },
  };
  return kind;
}
