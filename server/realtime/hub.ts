/**
 * Where every feature publishes realtime events, and where the socket server listens for them.
 * One hub per process; fanning out to other processes is the fan-out adapter's work, behind this
 * same `publish`.
 */
import type { PersistedEvent, TransientEvent } from "../../universal/realtime/protocol.ts";

export type HubEvent = PersistedEvent | TransientEvent;
export type HubListener = (event: HubEvent) => void;

export interface RealtimeHub {
  /** Publish after the write that the event reports has committed. */
  publish(event: HubEvent): void;
  /** Listen to one topic; returns the function that stops listening. */
  listen(topic: string, listener: HubListener): () => void;
}

export function createHub(): RealtimeHub {
  const listeners = new Map<string, Set<HubListener>>();
  return {
    publish(event) {
      for (const listener of listeners.get(event.topic) ?? []) {
        try {
          listener(event);
        } catch {
          // A listener's failure (a closed socket) never stops the others.
        }
      }
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
  };
}
