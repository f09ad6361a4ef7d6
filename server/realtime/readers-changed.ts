/**
 * "Who may read this topic changed": published on the topic itself (so over the bus, to every
 * process) after a change that may take readers away, such as a member leaving, kicked from or
 * disbanding a clan (its room). Each process's socket server asks the topic again for every
 * subscriber it holds there and drops, with `permission-denied`, those no longer allowed
 * (socket-subscriptions.ts `recheck`). Browsers never see it.
 */
import type { RealtimeHub } from "./hub.ts";

export interface ReadersChanged {
  type: "readers-changed";
  topic: string;
}

/** Call after the change has committed. */
export function publishReadersChanged(hub: Pick<RealtimeHub, "publish">, topic: string): void {
  hub.publish({ type: "readers-changed", topic });
}
