/**
 * Turns event schedules into concrete dates for a given `now`, and finds the current season.
 * Game time is UTC+7 (the game's Vietnamese edition), whatever the server's own time zone.
 */
import type { EventSchedule, GameEvent, Season } from "../../universal/content/pack-schema.ts";

export const GAME_UTC_OFFSET_HOURS = 7;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export type EventStatus = "running" | "upcoming" | "ended";
export type ResolvedEvent = { event: GameEvent; startsAt: Date; endsAt: Date; status: EventStatus };
type Occurrence = { start: number; end: number };

/** 00:00 game time of the game day `now` falls in, as epoch milliseconds. */
export function gameDayStart(now: Date): number {
  const offset = GAME_UTC_OFFSET_HOURS * HOUR;
  return Math.floor((now.getTime() + offset) / DAY) * DAY - offset;
}

/** 00:00 game time on the Monday of the game week `now` falls in. */
export function gameWeekStart(now: Date): number {
  const dayStart = gameDayStart(now);
  const weekday = new Date(dayStart + GAME_UTC_OFFSET_HOURS * HOUR).getUTCDay(); // 0 = Sunday
  const daysSinceMonday = (weekday + 6) % 7;
  return dayStart - daysSinceMonday * DAY;
}

function clockToMs(time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * HOUR + minutes * 60_000;
}

/** Occurrences of a schedule around `now`: enough of them to hold the running one and the next. */
function occurrencesAround(schedule: EventSchedule, now: Date): Occurrence[] {
  switch (schedule.type) {
    case "daily": {
      const duration = schedule.durationMinutes * 60_000;
      const today = gameDayStart(now);
      return [-1, 0, 1].flatMap((day) =>
        schedule.times.map((time) => ({ start: today + day * DAY + clockToMs(time), end: today + day * DAY + clockToMs(time) + duration })),
      );
    }
    case "weekly": {
      const duration = schedule.durationMinutes * 60_000;
      const week = gameWeekStart(now);
      return [-1, 0, 1].flatMap((weekOffset) =>
        schedule.weekdays.map((weekday) => {
          const start = week + weekOffset * WEEK + (weekday - 1) * DAY + clockToMs(schedule.time);
          return { start, end: start + duration };
        }),
      );
    }
    case "relative": {
      const start = gameDayStart(now) + schedule.startOffsetHours * HOUR;
      return [{ start, end: start + schedule.durationHours * HOUR }];
    }
    case "fixed":
      return [{ start: Date.parse(schedule.startsAt), end: Date.parse(schedule.endsAt) }];
  }
}

/** The running occurrence, else the next one, else the last one that ended. */
function pickOccurrence(occurrences: Occurrence[], now: number): Occurrence & { status: EventStatus } {
  const sorted = [...occurrences].sort((a, b) => a.start - b.start);
  const running = sorted.find((o) => o.start <= now && now < o.end);
  if (running) return { ...running, status: "running" };
  const upcoming = sorted.find((o) => o.start > now);
  if (upcoming) return { ...upcoming, status: "upcoming" };
  return { ...sorted[sorted.length - 1]!, status: "ended" };
}

const STATUS_ORDER: Record<EventStatus, number> = { running: 0, upcoming: 1, ended: 2 };

/**
 * Concrete dates of every event for `now`: running ones first (ending soonest first), then
 * upcoming (starting soonest first), then ended ones (most recent first).
 */
export function resolveEvents(events: readonly GameEvent[], now: Date): ResolvedEvent[] {
  const resolved = events.map((event) => {
    const occurrence = pickOccurrence(occurrencesAround(event.schedule, now), now.getTime());
    return { event, startsAt: new Date(occurrence.start), endsAt: new Date(occurrence.end), status: occurrence.status };
  });
  const sortKey = (e: ResolvedEvent) =>
    e.status === "running" ? e.endsAt.getTime() : e.status === "upcoming" ? e.startsAt.getTime() : -e.endsAt.getTime();
  return resolved.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || sortKey(a) - sortKey(b));
}

/** The season whose [startsAt, endsAt) holds `now`, if any. */
export function currentSeason(seasons: readonly Season[], now: Date): Season | undefined {
  const time = now.getTime();
  return seasons.find((season) => Date.parse(season.startsAt) <= time && time < Date.parse(season.endsAt));
}

/** The first season that starts after `now`, if any: the home page's "next season" countdown. */
export function nextSeason(seasons: readonly Season[], now: Date): Season | undefined {
  const time = now.getTime();
  return [...seasons]
    .filter((season) => Date.parse(season.startsAt) > time)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
}
