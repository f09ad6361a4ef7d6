/**
 * A clan's events (issue 43): officers schedule them (once, or weekly), members answer going, maybe
 * or no, and those who answered going or maybe are reminded 30 minutes before each occurrence,
 * exactly once however many processes sweep (the reminder's primary key: event, occurrence, member).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { clanEventAnswers, clanEvents, clans } from "../../db/schema/index.ts";
import {
  CLAN_EVENTS_MAX,
  EVENT_AHEAD_MAX_MS,
  EVENT_REMIND_BEFORE_MS,
  EVENT_SHOWN_AFTER_START_MS,
  WEEK_MS,
  clanHref,
  nextOccurrence,
  type ClanEvent,
  type EventAnswer,
  type ScheduleEventInput,
} from "../../universal/clans/clan-schemas.ts";
import { mayInClan } from "../../universal/clans/clan-permissions.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { notify } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { startSweep } from "../sweep.ts";
import { actingAs, roleIn } from "./clan-membership.ts";

type EventRow = typeof clanEvents.$inferSelect;

/** Officers schedule an event; the same client id again answers the same event. */
export async function scheduleEvent(
  db: Database,
  viewer: Viewer,
  clanId: string,
  input: ScheduleEventInput,
  now = Date.now(),
): Promise<ClanEvent> {
  await actingAs(db, viewer, clanId, "event:schedule");
  const startsAt = Date.parse(input.startsAt);
  const clientId = input.clientId ?? `server-${now}-${Math.random().toString(36).slice(2)}`;
  const [existing] = await db
    .select()
    .from(clanEvents)
    .where(and(eq(clanEvents.clanId, clanId), eq(clanEvents.clientId, clientId)));
  if (existing) return (await eventsOf(db, clanId, viewer.uid, now, existing.id))[0] ?? toEvent(existing, now, [], null);
  if (!(startsAt > now) || startsAt > now + EVENT_AHEAD_MAX_MS)
    throw new AppError("invalid-argument", "startsAt: a time in the coming year.", { field: "startsAt", reason: "event-time" });
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clan:${clanId}`}))`);
    // One-off events long past make room; the rest count against the clan's ceiling.
    await tx.execute(
      sql`delete from ${clanEvents} where clan_id = ${clanId} and repeat is null and starts_at < ${now - EVENT_SHOWN_AFTER_START_MS}`,
    );
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(clanEvents)
      .where(eq(clanEvents.clanId, clanId));
    if (count >= CLAN_EVENTS_MAX)
      throw new AppError("failed-precondition", `A clan plans at most ${CLAN_EVENTS_MAX} events at once.`, {
        reason: "too-many-events",
        limit: CLAN_EVENTS_MAX,
      });
    const [made] = await tx
      .insert(clanEvents)
      .values({ clanId, title: input.title, startsAt, repeat: input.repeat ?? null, createdBy: viewer.uid, clientId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: clanEvents.id });
    return made?.id;
  });
  const [made] = id === undefined ? [] : await eventsOf(db, clanId, viewer.uid, now, id);
  if (!made) throw new AppError("internal", "The event could not be read back.");
  return made;
}

async function eventRow(db: Database, eventId: number): Promise<EventRow> {
  const [row] = await db.select().from(clanEvents).where(eq(clanEvents.id, eventId));
  if (!row) throw new AppError("not-found", "No such event.");
  return row;
}

/** A member answers (or changes their answer to) an event of their clan. */
export async function answerEvent(
  db: Database,
  viewer: Viewer,
  eventId: number,
  answer: EventAnswer,
  now = Date.now(),
): Promise<ClanEvent> {
  const row = await eventRow(db, eventId);
  const role = await roleIn(db, row.clanId, viewer.uid);
  if (!mayInClan(role, "event:answer")) throw new AppError("permission-denied", "Only the clan's members answer its events.");
  await db
    .insert(clanEventAnswers)
    .values({ eventId, uid: viewer.uid, answer, answeredAt: now })
    .onConflictDoUpdate({ target: [clanEventAnswers.eventId, clanEventAnswers.uid], set: { answer, answeredAt: now } });
  const [event] = await eventsOf(db, row.clanId, viewer.uid, now, eventId);
  if (!event) throw new AppError("not-found", "This event is over.");
  return event;
}

/** Officers call an event off (its answers and reminders go with it). */
export async function cancelEvent(db: Database, viewer: Viewer, eventId: number): Promise<void> {
  const row = await eventRow(db, eventId);
  await actingAs(db, viewer, row.clanId, "event:schedule");
  await db.delete(clanEvents).where(eq(clanEvents.id, eventId));
}

function toEvent(row: EventRow, now: number, answers: { uid: string; answer: string }[], viewerUid: string | null): ClanEvent {
  const count = (answer: EventAnswer) => answers.filter((one) => one.answer === answer).length;
  const mine = answers.find((one) => one.uid === viewerUid)?.answer;
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt,
    repeat: row.repeat === "weekly" ? "weekly" : null,
    next: nextOccurrence(row.startsAt, row.repeat, now - EVENT_SHOWN_AFTER_START_MS) ?? row.startsAt,
    answers: { going: count("going"), maybe: count("maybe"), no: count("no") },
    mine: mine === "going" || mine === "maybe" || mine === "no" ? mine : null,
  };
}

/** The clan's events still to come (or begun within the last two hours), soonest first, with the answers' counts and the viewer's own. */
export async function eventsOf(
  db: Database,
  clanId: string,
  viewerUid: string | null,
  now = Date.now(),
  only?: number,
): Promise<ClanEvent[]> {
  const rows = await db
    .select()
    .from(clanEvents)
    .where(and(eq(clanEvents.clanId, clanId), only === undefined ? undefined : eq(clanEvents.id, only)))
    .orderBy(asc(clanEvents.startsAt));
  const shown = rows.filter((row) => nextOccurrence(row.startsAt, row.repeat, now - EVENT_SHOWN_AFTER_START_MS) !== null);
  if (shown.length === 0) return [];
  const answers = await db
    .select({ eventId: clanEventAnswers.eventId, uid: clanEventAnswers.uid, answer: clanEventAnswers.answer })
    .from(clanEventAnswers)
    .where(
      sql`${clanEventAnswers.eventId} in (${sql.join(
        shown.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
  return shown
    .map((row) =>
      toEvent(
        row,
        now,
        answers.filter((one) => one.eventId === row.id),
        viewerUid,
      ),
    )
    .sort((a, b) => a.next - b.next);
}

/**
 * Reminds those who answered going or maybe, and are still members, of each occurrence starting in
 * the next 30 minutes: the reminder's row is written first (`on conflict do nothing`), and only the
 * rows this sweep wrote are notified, in the same transaction. Returns how many were reminded.
 */
export async function sendEventReminders(db: Database, hub: RealtimeHub, now = Date.now()): Promise<number> {
  const due = await queryRows<{
    id: string | number;
    title: string;
    clan_id: string;
    name: string;
    tag: string;
    occurrence: string | number;
  }>(
    db,
    sql`select e.id, e.title, e.clan_id, c.name, c.tag, o.occurrence
        from ${clanEvents} e
        join ${clans} c on c.id = e.clan_id
        cross join lateral (select case
          when e.starts_at > ${now} then e.starts_at
          when e.repeat = 'weekly' then e.starts_at + ceil((${now} - e.starts_at)::numeric / ${WEEK_MS})::bigint * ${WEEK_MS}
          else null end as occurrence) o
        where o.occurrence > ${now} and o.occurrence <= ${now + EVENT_REMIND_BEFORE_MS}`,
  );
  let reminded = 0;
  for (const event of due) {
    const occurrence = Number(event.occurrence);
    const events = await db.transaction(async (tx) => {
      const sent = await queryRows<{ uid: string }>(
        tx,
        sql`insert into clan_event_reminders (event_id, occurrence, uid, sent_at)
            select a.event_id, ${occurrence}, a.uid, ${now}
            from ${clanEventAnswers} a
            join clan_members m on m.uid = a.uid and m.clan_id = ${event.clan_id}
            where a.event_id = ${Number(event.id)} and a.answer in ('going', 'maybe')
            on conflict do nothing
            returning uid`,
      );
      reminded += sent.length;
      return notify(
        tx,
        sent.map((row) => ({
          uid: row.uid,
          kind: "clan-event" as const,
          actorUid: null,
          link: `${clanHref(event.clan_id)}#events`,
          data: { clanId: event.clan_id, clan: event.name, tag: event.tag, title: event.title, startsAt: occurrence },
        })),
        now,
      );
    });
    for (const published of events) hub.publish(published);
  }
  return reminded;
}

/** Reminds every `everyMs` (30 s: a reminder goes out within a minute of its time). */
export function startEventReminders(db: Database, hub: RealtimeHub, logger: Logger, everyMs = 30_000): () => void {
  return startSweep("clan event reminders", () => sendEventReminders(db, hub), logger, everyMs);
}
