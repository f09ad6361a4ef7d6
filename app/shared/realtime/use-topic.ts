import { useEffect, useRef, useSyncExternalStore } from "react";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import type { SocketState } from "./socket-client.ts";
import { listenToTopic, socket } from "./topic.ts";

/**
 * Listens to a realtime topic while the component is mounted (nothing for a null topic). `after`
 * is read when the subscription starts: the last id the component already holds.
 * `generation` restarts the subscription (after a `reload`, with the new `after`).
 */
export function useTopic(topic: string | null, after: number | undefined, onFrame: (frame: ServerFrame) => void, generation = 0): void {
  const latest = useRef(onFrame);
  const from = useRef(after);
  useEffect(() => {
    latest.current = onFrame;
    from.current = after;
  });
  useEffect(() => {
    if (!topic) return;
    return listenToTopic(topic, from.current, (frame) => latest.current(frame));
  }, [topic, generation]);
}

const subscribeState = (onChange: () => void) =>
  socket.use((client) => {
    // The state may have moved while the client loaded.
    onChange();
    return client.onState(onChange);
  });
const readState = (): SocketState => socket.current()?.state ?? "idle";
const serverState = (): SocketState => "idle";

/** The socket's state, for a discreet "reconnecting" notice. */
export function useSocketState(): SocketState {
  return useSyncExternalStore(subscribeState, readState, serverState);
}
