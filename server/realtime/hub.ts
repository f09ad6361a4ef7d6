/**
 * Where every feature publishes realtime events, and where the socket server listens for them.
 * One hub per process. With a bus (Redis pub/sub or PostgreSQL NOTIFY), what one process publishes
 * reaches the others: a transient event (typing, presence) as it is, a persisted event as a "poke"
 * naming its topic and id, because the socket server reads persisted events back from the database
 * in id order anyway (socket-server.ts), and a poke stays far below NOTIFY's 8,000-byte limit.
 */
import { randomUUID } from "node:crypto";
import type { PersistedEvent, TransientEvent } from "../../universal/realtime/protocol.ts";
import type { Logger } from "../logger.ts";
import type { Bus, BusHealth } from "./bus.ts";
import type { PagesChanged } from "../delivery/page-changes.ts";
import type { PresenceSync } from "./presence.ts";
import type { ReadersChanged } from "./readers-changed.ts";
import type { SessionsChanged } from "./session-ends.ts";
import type { SettingsChanged } from "../settings/site-settings.ts";
import type { AnnouncementsChanged } from "../announcements/announcements.ts";
import type { ContentPublished } from "../content/content-versions.ts";

/** "Something happened on this topic up to this id": read it from the topic's source. */
export interface Poke {
  type: "poke";
  topic: string;
  id: number;
}

/** What a feature may publish: every event but the hub's own pokes. */
export type Publishable =
  | PersistedEvent
  | TransientEvent
  | PresenceSync
  | PagesChanged
  | SessionsChanged
  | ReadersChanged
  | SettingsChanged
  | AnnouncementsChanged
  | ContentPublished;
export type HubEvent = Publishable | Poke;
export type HubListener = (event: HubEvent) => void;

export interface RealtimeHub {
  /** Publish after the write that the event reports has committed. */
  publish(event: Publishable): void;
  /** Listen to one topic; returns the function that stops listening. */
  listen(topic: string, listener: HubListener): () => void;
  /** Settles once the bus delivers other processes' events to this one (at once without a bus). */
  ready: Promise<void>;
  /** How events cross processes now (`local`: one process, no bus) and which parts carrying them are away. */
  health(): { bus: BusHealth["transport"] | "local"; degraded: BusHealth["degraded"]; lagMs: number | null };
  /** Calls `listener` when this process may have missed other processes' events (see Bus.onGap). */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

const BUS_PING_MS = 10_000;
const GAP_SETTLE_MS = 1_000;

function isPersisted(event: Publishable): event is PersistedEvent {
  return "id" in event && typeof event.id === "number";
}

export function createHub({ bus, logger }: { bus?: Bus; logger?: Logger } = {}): RealtimeHub {
  const listeners = new Map<string, Set<HubListener>>();
  const origin = randomUUID();

  const deliver = (event: HubEvent) => {
    for (const listener of listeners.get(event.topic) ?? []) {
      try {
        listener(event);
      } catch (error) {
        // A listener's failure (a closed socket) never stops the others.
        logger?.warn("realtime listener failed", { error, topic: event.topic });
      }
    }
  };

  // The bus's lag: how long this process's own ping takes to come back to it, every 10 s.
  // A ping not back yet counts from when it left: a bus that stopped carrying shows a growing lag.
  let lagMs: number | null = null;
  let unanswered: number | null = null;
  const ping = () => {
    const sentAt = Date.now();
    unanswered ??= sentAt;
    bus?.publish(JSON.stringify({ origin, ping: sentAt })).catch(() => {});
  };
  const currentLag = () => (unanswered !== null && Date.now() - unanswered > (lagMs ?? 0) ? Date.now() - unanswered : lagMs);
  const pinger = bus ? setInterval(ping, BUS_PING_MS) : undefined;
  pinger?.unref();

  // Gaps close together (Redis going and coming back, a reconnect) are told once, a second after the last.
  const gapListeners = new Set<() => void>();
  let gapTimer: NodeJS.Timeout | undefined;
  bus?.onGap(() => {
    clearTimeout(gapTimer);
    gapTimer = setTimeout(() => {
      for (const listener of gapListeners) listener();
    }, GAP_SETTLE_MS);
    gapTimer.unref();
  });

  const ready = bus?.subscribe((payload) => {
    try {
      const message = JSON.parse(payload) as { origin: string; event?: HubEvent; ping?: number };
      if (typeof message.ping === "number") {
        if (message.origin === origin) {
          lagMs = Date.now() - message.ping;
          if (unanswered !== null && message.ping >= unanswered) unanswered = null;
        }
        return;
      }
      if (message.origin !== origin && typeof message.event?.topic === "string") deliver(message.event);
    } catch (error) {
      logger?.warn("an unreadable realtime bus message", { error });
    }
  });
  ready?.then(ping, (error: unknown) => logger?.error("the realtime bus could not subscribe", { error }));

  return {
    ready: (ready ?? Promise.resolve()).catch(() => undefined),
    health: () => {
      if (!bus) return { bus: "local", degraded: [], lagMs: null };
      const { transport, degraded } = bus.health();
      return { bus: transport, degraded, lagMs: currentLag() };
    },
    onGap: (listener) => {
      gapListeners.add(listener);
      return () => void gapListeners.delete(listener);
    },
    publish(event) {
      deliver(event);
      if (!bus) return;
      const shared: HubEvent = isPersisted(event) ? { type: "poke", topic: event.topic, id: event.id } : event;
      bus.publish(JSON.stringify({ origin, event: shared })).catch((error: unknown) => {
        logger?.error("a realtime event did not reach the other processes", { error, topic: event.topic });
      });
    },
    listen(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(topic);
      };
    },
    close: async () => {
      clearInterval(pinger);
      clearTimeout(gapTimer);
      await bus?.close();
    },
  };
}
