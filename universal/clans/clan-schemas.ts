/**
 * The clans API's request shapes (issue 43), validated with Zod on the server; each refusal's text
 * names its field.
 */
import { z } from "zod";
import { boundedText, clientIdSchema, packIdSchema, searchText, uidSchema } from "../schemas.ts";
import { CLAN_ANNOUNCEMENT_MAX, CLAN_NAME_MAX, CLAN_NAME_MIN, clanLanguages, EVENT_TITLE_MAX, eventAnswers } from "./clan-limits.ts";

export * from "./clan-limits.ts";

const name = boundedText(CLAN_NAME_MAX, "name", { min: CLAN_NAME_MIN })
  .transform((value) => value.normalize("NFC"))
  .pipe(z.string().regex(/^[^\p{Cc}]+$/u, "name: no control characters"));
const tag = z.string("tag: 2 to 5 capital letters or digits").regex(/^[A-Z0-9]{2,5}$/, "tag: 2 to 5 capital letters or digits");
/** A server as the pack names it (`suong-mai`): the pack's id pattern, so no control character reaches a query. */
const server = packIdSchema("server: a server id like suong-mai");
/** An icon id as the content pack writes them; that the icon exists is the server's to check. */
const emblem = z
  .string("emblem: an icon like game-icons:crossed-swords")
  .max(80, "emblem: an icon like game-icons:crossed-swords")
  .regex(/^game-icons:[a-z0-9]+(-[a-z0-9]+)*$/, "emblem: an icon like game-icons:crossed-swords");
const language = z.enum(clanLanguages, "language: vi or en");

export const createClanBody = z.object({ server, name, tag, emblem, language }).strict();

export const clansQuery = z
  .object({
    server: server.optional(),
    /** Accent- and case-insensitive, in the name and the tag. */
    q: searchText.optional(),
    language: language.optional(),
    recruiting: z.enum(["true", "false"], "recruiting: true or false").optional(),
    sort: z.enum(["power", "members"], "sort: power or members").optional(),
    /** Where the last page ended (`nextCursor`): an offset into the sorted directory. */
    cursor: z.coerce
      .number("cursor: from nextCursor")
      .int("cursor: from nextCursor")
      .min(0, "cursor: from nextCursor")
      .max(100_000, "cursor: from nextCursor")
      .optional(),
  })
  .strict();

export type CreateClanInput = z.infer<typeof createClanBody>;
export type ClansQuery = z.infer<typeof clansQuery>;

export const uidBody = z.object({ uid: uidSchema }).strict();
export const roleBody = z.object({ role: z.enum(["officer", "member"], "role: officer or member") }).strict();
export const disbandBody = z
  .object({ confirm: z.string("confirm: the clan's name").max(CLAN_NAME_MAX * 2, "confirm: the clan's name") })
  .strict();
export const announcementBody = z
  .object({ text: boundedText(CLAN_ANNOUNCEMENT_MAX, "text", { lineEnds: true }), clientId: clientIdSchema.optional() })
  .strict();
/** A leader's edit (any of name, emblem, language, recruiting), or a moderator's `{hidden}`; never both. */
export const patchClanBody = z
  .object({
    name: name.optional(),
    emblem: emblem.optional(),
    language: language.optional(),
    recruiting: z.boolean("recruiting: true or false").optional(),
    hidden: z.boolean("hidden: true or false").optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Name at least one of name, emblem, language, recruiting")
  .refine((body) => body.hidden === undefined || Object.keys(body).length === 1, "hidden: alone, without the clan's own fields");

export type PatchClanInput = z.infer<typeof patchClanBody>;

export const scheduleEventBody = z
  .object({
    title: boundedText(EVENT_TITLE_MAX, "title"),
    /** An instant with its offset (`2026-12-20T20:00:00+07:00`, game time); the form writes game time. */
    startsAt: z.iso.datetime({ offset: true, message: "startsAt: an ISO 8601 instant like 2026-12-20T20:00:00+07:00" }),
    repeat: z.literal("weekly", "repeat: weekly, or left out").optional(),
    clientId: clientIdSchema.optional(),
  })
  .strict();
export type ScheduleEventInput = z.infer<typeof scheduleEventBody>;
export const rsvpBody = z.object({ answer: z.enum(eventAnswers, "answer: going, maybe or no") }).strict();
