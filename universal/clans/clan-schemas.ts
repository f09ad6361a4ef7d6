/**
 * The clans API's request shapes (issue 43), validated with Zod on the server; each refusal's text
 * names its field.
 */
import { z } from "zod";
import { boundedText, clientIdSchema, packIdSchema, searchText, uidSchema } from "../schemas.ts";

export const CLAN_NAME_MIN = 3;
export const CLAN_NAME_MAX = 32;
export const clanLanguages = ["vi", "en"] as const;
export type ClanLanguage = (typeof clanLanguages)[number];
/** A page of the clan directory. */
export const CLAN_PAGE = 30;

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

/** A clan as the directory lists it. `power` is null until its members have submitted characters (rankings). */
export interface ClanSummary {
  id: string;
  server: string;
  name: string;
  tag: string;
  emblem: string;
  language: ClanLanguage;
  recruiting: boolean;
  leader: { uid: string; displayName: string } | null;
  memberCount: number;
  power: number | null;
}

/** A clan's members at most; approving or accepting one more is refused (409 `failed-precondition`, `clan-full`). */
export const CLAN_MEMBERS_MAX = 100;
/** Open invitations a clan may have out at once. */
export const CLAN_INVITES_MAX = 50;
/** Open join requests a member may have at once (across clans). */
export const CLAN_REQUESTS_MAX = 10;
/** Announcements a clan keeps (older ones go), and how many its page shows. */
export const CLAN_ANNOUNCEMENTS_KEPT = 50;
export const CLAN_ANNOUNCEMENTS_SHOWN = 10;
export const CLAN_ANNOUNCEMENT_MAX = 1000;

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

/** What a clan's page says of its reader: their role (null: not a member), and their open request or invitation. */
export interface ClanViewerState {
  role: "leader" | "officer" | "member" | null;
  requestId: number | null;
  inviteId: number | null;
}

/** An open request or invitation, as officers see it on the clan's page and a member on `/clan`. */
export interface ClanRequest {
  id: number;
  kind: "request" | "invite";
  clanId: string;
  uid: string;
  displayName: string;
  createdAt: number;
}

export interface ClanAnnouncement {
  id: number;
  text: string;
  author: { uid: string; displayName: string } | null;
  createdAt: number;
}

/** The emblems the found-a-clan form offers (any pack icon is accepted; these are the ones it shows). */
export const CLAN_EMBLEMS = [
  "dragon-head",
  "spiked-dragon-head",
  "crossed-swords",
  "winged-sword",
  "shield",
  "crown",
  "laurel-crown",
  "wolf-head",
  "tiger-head",
  "fox-head",
  "bear-head",
  "eagle-emblem",
  "raven",
  "lotus-flower",
  "wave-crest",
  "mountaintop",
] as const;

/** A clan's page: `/clan?id=`. */
export function clanHref(id: string): string {
  return `/clan?id=${encodeURIComponent(id)}`;
}

export const WEEK_MS = 7 * 24 * 3_600_000;
/** Reminders go out this long before an occurrence. */
export const EVENT_REMIND_BEFORE_MS = 30 * 60_000;
/** An event stays on the clan's page this long after it began. */
export const EVENT_SHOWN_AFTER_START_MS = 2 * 3_600_000;
/** How far ahead an event may be scheduled. */
export const EVENT_AHEAD_MAX_MS = 365 * 24 * 3_600_000;
/** Events a clan keeps planned at once (one-off events over for a while make room). */
export const CLAN_EVENTS_MAX = 30;
export const EVENT_TITLE_MAX = 80;
export const eventAnswers = ["going", "maybe", "no"] as const;
export type EventAnswer = (typeof eventAnswers)[number];

/** The first occurrence at or after `from`: the start itself, or for a weekly event the week's; null when a one-off event is past. */
export function nextOccurrence(startsAt: number, repeat: string | null, from: number): number | null {
  if (startsAt >= from) return startsAt;
  if (repeat !== "weekly") return null;
  return startsAt + Math.ceil((from - startsAt) / WEEK_MS) * WEEK_MS;
}

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

/** An event as a clan's page shows it: `next` is the occurrence to come (or begun within two hours). */
export interface ClanEvent {
  id: number;
  title: string;
  startsAt: number;
  repeat: "weekly" | null;
  next: number;
  answers: Record<EventAnswer, number>;
  /** The reader's answer (null: none yet, or not a member). */
  mine: EventAnswer | null;
}
