/** The rankings API (issue 43): characters' numbers, their history, and the rankings, open to visitors. */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { publishPagesChanged } from "../delivery/page-changes.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { characterBody, rankingsQuery } from "../../universal/rankings/ranking-schemas.ts";
import { AppError } from "../errors.ts";
import { allowPermission, idParam, parseJson, parseQuery, parseValue, requirePermission, type AppEnv } from "../http/context.ts";
import { isMultipart, readMultipartForm, withUploadSlot } from "../http/uploads.ts";
import { assertReportsLeft } from "../moderation/moderation.ts";
import { readImages } from "../reputation/character-reports.ts";
import { sendClaimProof } from "../reputation/claim-reports.ts";
import { REPORT_IMAGE_MAX_BYTES } from "../../universal/offers/offer-limits.ts";
import { characterById, characterHistory, submitCharacter, type CharacterView } from "./characters.ts";

/** A character's form: its few fields and one screenshot. */
const FORM_MAX_BYTES = REPORT_IMAGE_MAX_BYTES + 64 * 1024;
const formTooLarge = () => new AppError("payload-too-large", `The form must be ${Math.round(FORM_MAX_BYTES / 1024 / 1024)} MB or smaller.`);
import { rankings } from "./rankings.ts";

/** The shared pages (route-rules.ts) a character's numbers show on. */
export const RANKING_PAGES = ["/rating", "/clan"];

export function rankingsRoutes(db: Database, hub: RealtimeHub): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post("/characters", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      const reportsPerDay = c.get("quotas")["reports-per-day"];
      let made: CharacterView;
      if (isMultipart(c)) {
        // The same fields as a form, and optionally a screenshot: the proof of a claim still pending.
        const { fields, files } = await withUploadSlot(viewer.uid, () =>
          readMultipartForm(c, { maxBytes: FORM_MAX_BYTES, fileField: "screenshot", what: "character", tooLarge: formTooLarge }),
        );
        if (files.length > 1)
          throw new AppError("invalid-argument", "Send one screenshot.", { field: "screenshot", reason: "image-count" });
        const input = parseValue(characterBody, fields, "body");
        const [screenshot] = files;
        // Everything the proof needs is checked before the numbers are written: nothing half done.
        if (screenshot) {
          await assertReportsLeft(db, viewer, reportsPerDay);
          await readImages([screenshot]);
        }
        made = await submitCharacter(db, viewer, input);
        if (screenshot && made.claim === "pending") await sendClaimProof(db, viewer, made.id, { screenshot }, Date.now(), reportsPerDay);
      } else made = await submitCharacter(db, viewer, await parseJson(c, characterBody));
      publishPagesChanged(hub, RANKING_PAGES);
      return c.json({ data: made }, 201);
    })
    .get("/characters/:id/history", async (c) => {
      allowPermission(c, "view:record");
      const id = idParam(c, "character");
      if (!(await characterById(db, id))) throw new AppError("not-found", "No such character.");
      return c.json({ data: await characterHistory(db, id) });
    })
    .get("/rankings", async (c) => {
      allowPermission(c, "view:record");
      const { data, nextCursor } = await rankings(db, parseQuery(c, rankingsQuery));
      return c.json({ data, nextCursor });
    });
}
