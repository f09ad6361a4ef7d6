/**
 * Events in the public API carry their occurrence for the moment of the request: the pack holds a
 * schedule (daily, weekly, relative to today, fixed), and a client wants to know what runs now and
 * what comes next, as the event board shows it.
 */
import { resolveEvents, type EventStatus } from "../content/schedule.ts";
import type { GameEvent } from "../../universal/content/pack-schema.ts";

export interface Occurrence {
  /** ISO 8601, UTC. */
  startsAt: string;
  endsAt: string;
  status: EventStatus;
}

/** The running occurrence, else the next one, else the last that ended. */
export function occurrenceOf(event: GameEvent, now: Date): Occurrence {
  const [resolved] = resolveEvents([event], now);
  if (!resolved) throw new Error(`No occurrence for event ${event.id}`);
  return { startsAt: resolved.startsAt.toISOString(), endsAt: resolved.endsAt.toISOString(), status: resolved.status };
}

/** The entry as the API answers it: events gain `occurrence`, other kinds are unchanged. */
export function withOccurrence(kind: string, entry: unknown, now: Date): unknown {
  if (kind !== "events" || !entry || typeof entry !== "object") return entry;
  return { ...entry, occurrence: occurrenceOf(entry as GameEvent, now) };
}
