/**
 * Clans' limits, shapes and small helpers (issue 43), Zod-free: the pages' islands import these, and
 * `clan-schemas.ts` (which validates requests with Zod, on the server) re-exports them.
 */
export const CLAN_NAME_MIN = 3;
export const CLAN_NAME_MAX = 32;
export const clanLanguages = ["vi", "en"] as const;
export type ClanLanguage = (typeof clanLanguages)[number];
/** A page of the clan directory. */
export const CLAN_PAGE = 30;

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
