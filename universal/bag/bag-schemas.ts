/** The bag API's request shapes, validated with Zod on the server (limits and answers: bag-limits.ts). */
import { z } from "zod";
import { clientIdSchema, packIdSchema, searchText } from "../schemas.ts";
import { BAG_ENHANCEMENT_MAX, BAG_NOTE_MAX, BAG_QUANTITY_MAX, bagSorts } from "./bag-limits.ts";

export * from "./bag-limits.ts";

const quantity = z
  .number("quantity: a whole number")
  .int("quantity: a whole number")
  .min(1, "quantity: at least 1")
  .max(BAG_QUANTITY_MAX, `quantity: at most ${BAG_QUANTITY_MAX}`);
const enhancement = z
  .number("enhancement: a whole number")
  .int("enhancement: a whole number")
  .min(0, "enhancement: 0 or more")
  .max(BAG_ENHANCEMENT_MAX, `enhancement: at most ${BAG_ENHANCEMENT_MAX}`);
const note = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(BAG_NOTE_MAX, `note: at most ${BAG_NOTE_MAX} characters`)
      .regex(/^\P{Cc}*$/u, "note: no control characters"),
  )
  .transform((value) => value || null);

export const itemIdSchema = packIdSchema("itemId: an item id like iron-sword");

export const createBagEntryBody = z
  .object({
    itemId: itemIdSchema,
    quantity,
    enhancement: enhancement.optional(),
    note: z.union([note, z.null()]).optional(),
    /** The same id again answers the entry it made, never a second one. */
    clientId: clientIdSchema.optional(),
  })
  .strict();

export const updateBagEntryBody = z
  .object({ quantity: quantity.optional(), enhancement: enhancement.optional(), note: z.union([note, z.null()]).optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Nothing to change.");

export const bagQuery = z
  .object({
    /** The item's name in either language, accent- and case-insensitive. */
    q: searchText.optional(),
    type: z
      .string()
      .regex(/^[a-z-]{1,30}$/, "type: an item type")
      .optional(),
    sort: z.enum(bagSorts).default("name"),
  })
  .strict();

export const importBagBody = z
  .object({
    csv: z.string().max(60_000, "csv: at most 60,000 characters"),
    /** `replace` empties the bag first; `add` keeps what is there. */
    mode: z.enum(["add", "replace"]).default("add"),
    /** Checks every row and writes nothing. */
    dryRun: z.boolean().optional(),
  })
  .strict();

export type CreateBagEntryInput = z.infer<typeof createBagEntryBody>;
export type UpdateBagEntryInput = z.infer<typeof updateBagEntryBody>;
export type BagQuery = z.infer<typeof bagQuery>;
export type ImportBagInput = z.infer<typeof importBagBody>;
