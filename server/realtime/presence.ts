/**
 * Presence: who is connected to the site, and who has each topic open, across every process.
 *
 * Each process counts its own connections and subscriptions ("local"). What changes (a member's
 * first connection here, their last one gone) goes to the other processes through the hub's bus
 * as small deltas, well below NOTIFY's 8,000 bytes. Each process also beats every `beatMs`; a
 * process whose beats stop (killed, cut off) is forgotten after `ttlMs`, so a `kill -9` leaves no
 * ghost members. A new process says hello and the others send it what they hold.
 *
 * Listeners hear, at most every `flushMs`, which members joined or left each scope: a burst of
 * joins becomes one event per topic, not one per member.
 *
 * "Last seen" is written to the database when a member's last connection to this process closes,
 * and now and then for everyone connected, so that a killed process leaves times at most
 * `lastSeenEveryMs` old.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { presence as presenceTable } from "../../db/schema/index.ts";
import type { PresenceMember } from "../../universal/realtime/protocol.ts";
import type { Logger } from "../logger.ts";
import type { RealtimeHub } from "./hub.ts";

/** The site itself: every signed-in connection is a member of it. */
export const SITE = "site";
/** The hub topic presence travels on between processes (not a topic clients can name). */
export const PRESENCE_BUS_TOPIC = "presence:*";
/** Deltas per bus message (each well under 200 bytes). */
const CHANGES_PER_MESSAGE = 30;

interface Change {
  scope: string;
  uid: string;
  name: string;
  on: boolean;
}

export type PresenceSync =
  | { type: "presence-sync"; topic: typeof PRESENCE_BUS_TOPIC; origin: string; changes: Change[] }
  /** `count`: how many members the process holds; another process that holds a different number for it asks for all of them. */
  | { type: "presence-beat"; topic: typeof PRESENCE_BUS_TOPIC; origin: string; count: number }
  | { type: "presence-hello"; topic: typeof PRESENCE_BUS_TOPIC; origin: string }
  /** Asks `target` to send every member it holds (the asker has forgotten what it held of it). */
  | { type: "presence-resync"; topic: typeof PRESENCE_BUS_TOPIC; origin: string; target: string };

export interface PresenceChange {
  scope: string;
  joined: PresenceMember[];
  left: string[];
}

export interface PresenceOptions {
  hub: RealtimeHub;
  db?: Database;
  logger?: Logger;
  beatMs?: number;
  ttlMs?: number;
  flushMs?: number;
  lastSeenEveryMs?: number;
  now?: () => number;
}

export interface Presence {
  /** This process gained a connection (`scope` SITE) or a subscription (`scope` a topic) of `uid`. */
  add(scope: string, uid: string, name: string): void;
  remove(scope: string, uid: string): void;
  /** Members of a scope in any process, in the order they came. */
  members(scope: string): PresenceMember[];
  isOnline(uid: string): boolean;
  /** Hears batched joins and leaves; returns the function that stops hearing. */
  onChange(listener: (change: PresenceChange) => void): () => void;
  close(): Promise<void>;
}

const key = (scope: string, uid: string) => `${scope}\u0000${uid}`;

export function createPresence(options: PresenceOptions): Presence {
  const { hub, db, logger } = options;
  const beatMs = options.beatMs ?? 15_000;
  const ttlMs = options.ttlMs ?? 45_000;
  const flushMs = options.flushMs ?? 1_000;
  const lastSeenEveryMs = options.lastSeenEveryMs ?? 60_000;
  const now = options.now ?? Date.now;
  const origin = randomUUID();

  /** This process's counts: scope+uid → connections or subscriptions here. */
  const local = new Map<string, { scope: string; uid: string; name: string; count: number }>();
  /** Other processes' members: origin → scope+uid → name; and when each last beat. */
  const remote = new Map<string, Map<string, { scope: string; uid: string; name: string }>>();
  const beats = new Map<string, number>();
  /** Everyone's members, per scope: uid → name (insertion order is arrival order). */
  const merged = new Map<string, Map<string, string>>();
  const pending = new Map<string, { joined: Map<string, string>; left: Set<string> }>();
  const outgoing: Change[] = [];
  const listeners = new Set<(change: PresenceChange) => void>();

  function present(scope: string, uid: string): string | undefined {
    const here = local.get(key(scope, uid));
    if (here) return here.name;
    for (const entries of remote.values()) {
      const there = entries.get(key(scope, uid));
      if (there) return there.name;
    }
    return undefined;
  }

  /** Recomputes one member of one scope after a change, and queues the join or leave listeners hear. */
  function settle(scope: string, uid: string): void {
    const name = present(scope, uid);
    let members = merged.get(scope);
    const was = members?.has(uid) ?? false;
    if ((name !== undefined) === was) return;
    let batch = pending.get(scope);
    if (!batch) pending.set(scope, (batch = { joined: new Map(), left: new Set() }));
    if (name !== undefined) {
      if (!members) merged.set(scope, (members = new Map()));
      members.set(uid, name);
      if (batch.left.has(uid)) batch.left.delete(uid);
      else batch.joined.set(uid, name);
    } else {
      members?.delete(uid);
      if (members?.size === 0) merged.delete(scope);
      if (batch.joined.has(uid)) batch.joined.delete(uid);
      else batch.left.add(uid);
    }
  }

  function publish(event: PresenceSync): void {
    hub.publish(event);
  }

  function share(changes: Change[]): void {
    for (let start = 0; start < changes.length; start += CHANGES_PER_MESSAGE) {
      publish({ type: "presence-sync", topic: PRESENCE_BUS_TOPIC, origin, changes: changes.slice(start, start + CHANGES_PER_MESSAGE) });
    }
  }

  function forget(other: string): void {
    const entries = remote.get(other);
    remote.delete(other);
    beats.delete(other);
    for (const entry of entries?.values() ?? []) settle(entry.scope, entry.uid);
  }

  const shareAll = () => share([...local.values()].map(({ scope, uid, name }) => ({ scope, uid, name, on: true })));
  /** Processes whose last beat disagreed with what this one holds of them (a second disagreement resyncs). */
  const doubted = new Set<string>();

  const stopListening = hub.listen(PRESENCE_BUS_TOPIC, (event) => {
    const message = event as unknown as PresenceSync;
    if (message.origin === origin) return;
    beats.set(message.origin, now());
    if (message.type === "presence-hello" || (message.type === "presence-resync" && message.target === origin)) {
      // A new process, or one that lost track of this one: it learns what this one holds.
      shareAll();
      return;
    }
    if (message.type === "presence-beat") {
      // A lost delta (a bus restart), or this process forgot the other (its beats were late): once
      // two beats in a row disagree (deltas in flight explain one), start over from its whole state.
      const held = remote.get(message.origin)?.size ?? 0;
      if (held === message.count) doubted.delete(message.origin);
      else if (!doubted.has(message.origin)) doubted.add(message.origin);
      else {
        doubted.delete(message.origin);
        forget(message.origin);
        beats.set(message.origin, now());
        publish({ type: "presence-resync", topic: PRESENCE_BUS_TOPIC, origin, target: message.origin });
      }
      return;
    }
    if (message.type !== "presence-sync") return;
    let entries = remote.get(message.origin);
    if (!entries) remote.set(message.origin, (entries = new Map()));
    for (const change of message.changes) {
      if (typeof change?.scope !== "string" || typeof change.uid !== "string") continue;
      if (change.on) entries.set(key(change.scope, change.uid), { scope: change.scope, uid: change.uid, name: String(change.name ?? "") });
      else entries.delete(key(change.scope, change.uid));
      settle(change.scope, change.uid);
    }
  });

  const flushTimer = setInterval(() => {
    if (outgoing.length > 0) share(outgoing.splice(0));
    if (pending.size === 0) return;
    const batches = [...pending.entries()];
    pending.clear();
    for (const [scope, batch] of batches) {
      if (batch.joined.size === 0 && batch.left.size === 0) continue;
      const change: PresenceChange = {
        scope,
        joined: [...batch.joined].map(([uid, displayName]) => ({ uid, displayName })),
        left: [...batch.left],
      };
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          logger?.warn("a presence listener failed", { error, scope });
        }
      }
    }
  }, flushMs);
  flushTimer.unref();

  const beatTimer = setInterval(() => {
    publish({ type: "presence-beat", topic: PRESENCE_BUS_TOPIC, origin, count: local.size });
    const cutoff = now() - ttlMs;
    for (const [other, at] of beats) if (at < cutoff) forget(other);
  }, beatMs);
  beatTimer.unref();

  async function writeLastSeen(uids: string[]): Promise<void> {
    if (!db || uids.length === 0) return;
    const at = now();
    try {
      await db
        .insert(presenceTable)
        .values(uids.map((uid) => ({ uid, lastSeenAt: at })))
        .onConflictDoUpdate({ target: presenceTable.uid, set: { lastSeenAt: sql`excluded.last_seen_at` } });
    } catch (error) {
      // An account deleted meanwhile (its row is gone): nothing to remember.
      logger?.warn("last seen not written", { error, count: uids.length });
    }
  }

  const seenTimer = setInterval(() => {
    const online = [...local.values()].filter((entry) => entry.scope === SITE).map((entry) => entry.uid);
    void writeLastSeen(online);
  }, lastSeenEveryMs);
  seenTimer.unref();

  // Once the bus delivers to this process, so that the others' answers are not missed.
  void hub.ready.then(() => publish({ type: "presence-hello", topic: PRESENCE_BUS_TOPIC, origin }));

  return {
    add(scope, uid, name) {
      const k = key(scope, uid);
      const entry = local.get(k);
      if (entry) {
        entry.count += 1;
        return;
      }
      local.set(k, { scope, uid, name, count: 1 });
      outgoing.push({ scope, uid, name, on: true });
      settle(scope, uid);
    },
    remove(scope, uid) {
      const k = key(scope, uid);
      const entry = local.get(k);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count > 0) return;
      local.delete(k);
      outgoing.push({ scope, uid, name: entry.name, on: false });
      settle(scope, uid);
      if (scope === SITE) void writeLastSeen([uid]);
    },
    members(scope) {
      return [...(merged.get(scope) ?? [])].map(([uid, displayName]) => ({ uid, displayName }));
    },
    isOnline(uid) {
      return merged.get(SITE)?.has(uid) ?? false;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      clearInterval(flushTimer);
      clearInterval(beatTimer);
      clearInterval(seenTimer);
      // The other processes forget this one's members now, not after the time-out: what left
      // since the last flush, then what is still here.
      share(outgoing.splice(0));
      share([...local.values()].map(({ scope, uid, name }) => ({ scope, uid, name, on: false })));
      stopListening();
      await writeLastSeen([...local.values()].filter((entry) => entry.scope === SITE).map((entry) => entry.uid));
    },
  };
}
