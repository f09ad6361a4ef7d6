/**
 * Trading's request shapes (`/api/offers`, `/api/alerts`, `/api/items/{id}/prices`,
 * `/api/characters/claims`, `/api/reputation`, the `character` report), validated with Zod on the
 * server; the limits are in offer-limits.ts and the answer types in offer-types.ts, which the browser imports.
 */
import { z } from "zod";
import { boundedText, clientIdSchema, packIdSchema } from "../schemas.ts";
import {
  CHARACTER_NAME_MAX,
  FEEDBACK_COMMENT_MAX,
  OFFER_EXPIRY_DAYS_MAX,
  OFFER_EXPIRY_DAYS_MIN,
  OFFER_NOTE_MAX,
  OFFER_PAGE,
  OFFER_PAGE_MAX,
  OFFER_PRICE_MAX,
  OFFER_QUANTITY_MAX,
  OFFER_REASON_MAX,
  OFFER_REPLY_MAX,
} from "./offer-limits.ts";
import { offerSides, offerStatuses, priceRanges } from "./offer-types.ts";

const packId = (what: string) => packIdSchema(`${what}: a pack id like iron-sword`);

/** Trimmed text of at most `max` characters (line ends made `\n`); `min` 1 unless said. */
const text = (max: number, what: string, min = 1) => boundedText(max, what, { min, lineEnds: true });

/** An in-game character name: one line, no control characters. */
export const characterNameSchema = z
  .string()
  .max(CHARACTER_NAME_MAX * 2)
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, "characterName: a character name")
      .max(CHARACTER_NAME_MAX, `characterName: at most ${CHARACTER_NAME_MAX} characters`)
      .regex(/^[^\p{Cc}\p{Cf}]+$/u, "characterName: letters, digits and punctuation only"),
  );

const gold = z.number().int("whole gold only").min(1).max(OFFER_PRICE_MAX);
const positiveId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const createOfferBody = z
  .object({
    side: z.enum(offerSides, "side: buy or sell"),
    itemId: packId("itemId"),
    quantity: z.number().int().min(1).max(OFFER_QUANTITY_MAX),
    unitPrice: gold,
    server: packId("server"),
    characterName: characterNameSchema,
    note: z
      .union([text(OFFER_NOTE_MAX, "note", 0), z.null()])
      .optional()
      .transform((note) => note || null),
    expiresInDays: z.number().int().min(OFFER_EXPIRY_DAYS_MIN).max(OFFER_EXPIRY_DAYS_MAX),
    /** Makes a retried post answer the offer already made instead of posting twice. */
    clientId: clientIdSchema.optional(),
  })
  .strict();
export type CreateOfferBody = z.input<typeof createOfferBody>;

const flag = z
  .enum(["1", "0", "true", "false"])
  .transform((value) => value === "1" || value === "true")
  .optional();

/**
 * The list. `status` defaults to `open`; any other status lists only offers the viewer is a party
 * to. `mine=1` lists only the viewer's own offers and those reserved for them (any status, newest first).
 */
export const offersQuery = z.object({
  itemId: packId("itemId").optional(),
  side: z.enum(offerSides).optional(),
  server: packId("server").optional(),
  /** `open` unless `mine` (then every status). */
  status: z.enum(offerStatuses).optional(),
  mine: flag,
  limit: z.coerce.number().int().min(1).max(OFFER_PAGE_MAX).default(OFFER_PAGE),
});

export const createReplyBody = z.object({ text: text(OFFER_REPLY_MAX, "a reply"), clientId: clientIdSchema.optional() }).strict();

export const reserveBody = z.object({ replyId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();

export const unreserveBody = z.object({ reason: text(OFFER_REASON_MAX, "reason") }).strict();

export const cancelBody = z
  .object({
    reason: z
      .union([text(OFFER_REASON_MAX, "reason", 0), z.null()])
      .optional()
      .transform((reason) => reason || null),
  })
  .strict();

export const feedbackBody = z
  .object({
    score: z.union([z.literal(1), z.literal(-1)], "score: 1 or -1"),
    comment: text(FEEDBACK_COMMENT_MAX, "comment", 0).default(""),
  })
  .strict();

export const createAlertBody = z
  .object({
    itemId: packId("itemId"),
    side: z.enum(offerSides, "side: buy or sell"),
    server: packId("server"),
    maxPrice: gold.optional(),
    minPrice: gold.optional(),
  })
  .strict()
  .refine((alert) => (alert.maxPrice === undefined) !== (alert.minPrice === undefined), "Give maxPrice or minPrice, not both.");

export const pricesQuery = z.object({ range: z.enum(priceRanges, "range: 48h or 90d").default("90d") });

export const claimBody = z.object({ name: characterNameSchema, server: packId("server") }).strict();

/** A claim's proof (`POST /api/characters/claims/{id}/proof`, multipart): the screenshot, and an optional word to the moderator. */
export const claimProofFields = z.object({ note: text(500, "note", 0).optional() }).strict();

/** A dispute of another member's verified claim (`POST /api/reports`, multipart with files named `images`). */
export const claimDisputeBody = z
  .object({
    kind: z.literal("claim-dispute"),
    claimId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    reason: text(500, "reason"),
  })
  .strict();

export const reputationQuery = z.object({ name: characterNameSchema, server: packId("server").optional() });

/** A scam report (`POST /api/reports`, JSON or multipart with files named `images`). */
export const characterReportBody = z
  .object({
    kind: z.literal("character"),
    name: characterNameSchema,
    server: packId("server"),
    reason: text(500, "reason"),
  })
  .strict();

export const offerIdParam = positiveId;

/** `PATCH /api/offers/{id}`: a moderator hides or restores an offer. */
export const editOfferBody = z.object({ hidden: z.boolean() }).strict();
