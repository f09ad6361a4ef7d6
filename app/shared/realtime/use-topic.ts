import { useEffect, useRef, useSyncExternalStore } from "react";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { logPageError } from "../page/page-errors.ts";
import { onDemand } from "../page/on-demand.ts";
import type { SocketState } from "./socket-client.ts";

/**
 * The socket client is not part of a page's first load: it comes in its own chunk when the first
 * topic is wanted, which is after hydration (an effect), and the page's data is already on screen.
 * Nothing is missed meanwhile: a subscription resumes from the last id the page holds.
 */
const client = onDemand(
  () => import("./socket-client.ts").then(({ socketClient }) => socketClient()),
  (error) => logPageError("Failed to load the socket client; live updates wait for the next page", error),
);

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
    return client.use((socket) => socket.subscribe(topic, from.current, (frame) => latest.current(frame)));
  }, [topic, generation]);
}

const subscribeState = (onChange: () => void) =>
  client.use((socket) => {
    // The state may have moved while the client loaded.
    onChange();
    return socket.onState(onChange);
  });
const readState = (): SocketState => client.current()?.state ?? "idle";
const serverState = (): SocketState => "idle";

/** The socket's state, for a discreet "reconnecting" notice. */
export function useSocketState(): SocketState {
  return useSyncExternalStore(subscribeState, readState, serverState);
}
