/** Player reputation (`/api/reputation`, `/api/characters/claims`, scam reports' screenshots). */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { can } from "../../universal/auth/permissions.ts";
import { REPORT_IMAGE_MAX_BYTES } from "../../universal/offers/offer-limits.ts";
import { claimBody, claimProofFields, reputationQuery } from "../../universal/offers/offer-schemas.ts";
import { AppError } from "../errors.ts";
import {
  allowPermission,
  idParam,
  parseJson,
  parseQuery,
  parseValue,
  requirePermission,
  type AppContext,
  type AppEnv,
} from "../http/context.ts";
import { isMultipart, readMultipartForm, withUploadSlot } from "../http/uploads.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { assertMayProve, sendClaimProof } from "./claim-reports.ts";
import { claimCharacter, deleteClaim, listClaims, reportImage, reputationOf } from "./reputation.ts";
import { isImageId } from "../images/image-id.ts";

/** A claim's proof: one screenshot (as a scam report's images) and a short note. */
const PROOF_MAX_BYTES = REPORT_IMAGE_MAX_BYTES + 64 * 1024;
const proofTooLarge = () =>
  new AppError("payload-too-large", `The proof must be ${Math.round(PROOF_MAX_BYTES / 1024 / 1024)} MB or smaller.`);

/** The proof form, read under its cap: exactly one file named `screenshot`, and an optional `note`. */
async function readProofForm(c: AppContext): Promise<{ screenshot: File; note?: string | undefined }> {
  if (!isMultipart(c)) throw new AppError("invalid-argument", "Send the proof as multipart/form-data with a file named screenshot.");
  const { fields, files } = await readMultipartForm(c, {
    maxBytes: PROOF_MAX_BYTES,
    fileField: "screenshot",
    what: "proof",
    tooLarge: proofTooLarge,
  });
  if (files.length !== 1)
    throw new AppError("invalid-argument", "Send one screenshot.", { reason: files.length === 0 ? "image-required" : "image-count" });
  const { note } = parseValue(claimProofFields, fields, "body");
  return { screenshot: files[0] as File, note };
}

export function reputationRoutes(db: Database, hub: RealtimeHub): Hono<AppEnv> {
  void hub;
  return new Hono<AppEnv>()
    .get("/reputation", async (c) => {
      allowPermission(c, "view:record");
      const { name, server } = parseQuery(c, reputationQuery);
      return c.json({ data: await reputationOf(db, name, server) });
    })
    .get("/characters/claims", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      return c.json({ data: await listClaims(db, viewer) });
    })
    .post("/characters/claims", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      const body = await parseJson(c, claimBody);
      const { claim, created } = await claimCharacter(db, viewer, body);
      return c.json({ data: claim }, created ? 201 : 200);
    })
    .delete("/characters/claims/:id", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      await deleteClaim(db, viewer, idParam(c, "claim"));
      return c.json({ ok: true });
    })
    .post("/characters/claims/:id/proof", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      const id = idParam(c, "claim");
      // Whose claim it is and the day's reports, before a byte of the screenshot is read.
      await assertMayProve(db, viewer, id, c.get("quotas")["reports-per-day"]);
      const claim = await withUploadSlot(viewer.uid, async () =>
        sendClaimProof(db, viewer, id, await readProofForm(c), Date.now(), c.get("quotas")["reports-per-day"]),
      );
      return c.json({ data: claim }, 201);
    })
    .get("/reputation/images/:id", async (c) => {
      const viewer = allowPermission(c, "view:record");
      const id = c.req.param("id");
      const image = isImageId(id) ? await reportImage(db, id, can(viewer?.role, "report:verify")) : null;
      if (!image) throw new AppError("not-found", "No such image.");
      return c.body(new Uint8Array(image.data), 200, {
        "Content-Type": image.contentType,
        "Cache-Control": "private, max-age=86400, immutable",
        "X-Content-Type-Options": "nosniff",
      });
    });
}
