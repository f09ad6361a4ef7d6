import { z } from "zod";

/** A display name as the spec has it: 1 to 40 characters once trimmed, whichever route sets it. */
export const displayNameSchema = z.string().trim().min(1).max(40);
