/** The tax ledger API's request shapes, validated with Zod on the server (arithmetic and answers: tax-limits.ts). */
import { z } from "zod";
import { clientIdSchema, packIdSchema } from "../schemas.ts";
import { TAX_LABEL_MAX, TAX_PRICE_MAX, TAX_QUANTITY_MAX, taxSides } from "./tax-limits.ts";

export * from "./tax-limits.ts";

const rateId = packIdSchema("rateId: a tax rate id of the pack");

export const createLedgerEntryBody = z
  .object({
    side: z.enum(taxSides, "side: sell or buy"),
    itemId: packIdSchema("itemId: an item id like iron-sword").optional(),
    label: z
      .string()
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .max(TAX_LABEL_MAX, `label: at most ${TAX_LABEL_MAX} characters`)
          .regex(/^\P{Cc}*$/u, "label: no control characters"),
      )
      .optional(),
    quantity: z.number("quantity: a whole number").int("quantity: a whole number").min(1, "quantity: at least 1").max(TAX_QUANTITY_MAX),
    unitPrice: z.number("unitPrice: whole gold").int("unitPrice: whole gold").min(0, "unitPrice: 0 or more").max(TAX_PRICE_MAX),
    /** Where it was sold (the pack's tax rate); none: no tax. */
    rateId: rateId.nullable().optional(),
    /** When, in milliseconds; now when absent. */
    occurredAt: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
    clientId: clientIdSchema.optional(),
  })
  .strict()
  .refine((body) => body.itemId !== undefined || (body.label !== undefined && body.label !== ""), "label: an item or a label is needed");

/** The place of an entry (one copied from an offer has none until the member sets it). */
export const updateLedgerEntryBody = z.object({ rateId: rateId.nullable() }).strict();

export type CreateLedgerEntryInput = z.infer<typeof createLedgerEntryBody>;
