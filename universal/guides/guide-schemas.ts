/**
 * The guides API's request shapes, validated with Zod on the server; the limits and answer types
 * are in guide-limits.ts, which the browser imports instead.
 */
import { z } from "zod";
import { boundedText, clientIdSchema } from "../schemas.ts";
import { languages } from "../i18n/languages.ts";
import { GUIDE_BODY_MAX, GUIDE_REASON_MAX, GUIDE_TITLE_MAX, guideStatuses, memberGuideCategories } from "./guide-limits.ts";

export * from "./guide-limits.ts";

/** A draft's body may be empty while it is written; submitting asks for text. */
const body = z.string().max(GUIDE_BODY_MAX, `body: at most ${GUIDE_BODY_MAX} characters`);

export const createGuideBody = z
  .object({
    title: boundedText(GUIDE_TITLE_MAX, "title"),
    body,
    lang: z.enum(languages),
    category: z.enum(memberGuideCategories).default("beginner"),
    /** The same id again answers the guide it made, never a second one. */
    clientId: clientIdSchema.optional(),
  })
  .strict();

export const updateGuideBody = z
  .object({
    title: boundedText(GUIDE_TITLE_MAX, "title").optional(),
    body: body.optional(),
    lang: z.enum(languages).optional(),
    category: z.enum(memberGuideCategories).optional(),
    /** The version the writer's copy is based on. */
    version: z.number().int().min(1).max(2_147_483_647),
  })
  .strict();

export const rejectGuideBody = z.object({ reason: boundedText(GUIDE_REASON_MAX, "reason") }).strict();

export const guidesQuery = z
  .object({
    status: z.enum(guideStatuses).optional(),
    /** `me`: the viewer's own guides, every status. */
    author: z.literal("me").optional(),
  })
  .strict();

export type CreateGuideInput = z.infer<typeof createGuideBody>;
export type UpdateGuideInput = z.infer<typeof updateGuideBody>;
