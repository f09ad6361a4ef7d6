/**
 * Rankings (issue 43): what a member says of a character, the rankings' query, and what they answer.
 * `rankPage` is the one place ranks, changes and gains are worked out from rows already in order.
 */
import { z } from "zod";
import { boundedText, packIdSchema } from "../schemas.ts";
import { CHARACTER_NAME_MAX, POWER_MAX, rankingKinds, rankingWindows } from "./ranking-limits.ts";

export * from "./ranking-limits.ts";

export const characterBody = z
  .object({
    name: boundedText(CHARACTER_NAME_MAX, "name"),
    server: packIdSchema("server: a server id like suong-mai"),
    classId: packIdSchema("classId: a class id of the pack"),
    level: z.coerce.number("level: a whole number").int("level: a whole number"),
    power: z.coerce
      .number("power: a whole number from 0 to 2,147,483,647")
      .int("power: a whole number from 0 to 2,147,483,647")
      .min(0, "power: a whole number from 0 to 2,147,483,647")
      .max(POWER_MAX, "power: a whole number from 0 to 2,147,483,647"),
  })
  .strict();
export type CharacterInput = z.infer<typeof characterBody>;

export const rankingsQuery = z
  .object({
    kind: z.enum(rankingKinds, "kind: players, clans or contribution").default("players"),
    server: packIdSchema("server: a server id like suong-mai").optional(),
    classId: packIdSchema("classId: a class id of the pack").optional(),
    period: z.enum(rankingWindows, "period: week, month or all").default("week"),
    cursor: z.coerce
      .number("cursor: from nextCursor")
      .int("cursor: from nextCursor")
      .min(0, "cursor: from nextCursor")
      .max(1_000_000, "cursor: from nextCursor")
      .optional(),
  })
  .strict();
export type RankingsQuery = z.infer<typeof rankingsQuery>;
