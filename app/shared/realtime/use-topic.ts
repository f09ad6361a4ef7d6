import { useEffect, useRef, useSyncExternalStore } from "react";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import type { SocketClient, SocketState } from "./socket-client.ts";

/**
 * The socket client is not part of a page's first load: it comes in its own chunk when the first
 * topic is wanted, which is after hydration (an effect), and the page's data is already on screen.
 * Nothing is missed meanwhile: a subscription resumes from the last id the page holds.
 */
let loaded: SocketClient | undefined;
let loading: Promise<SocketClient> | undefined;
function loadClient(): Promise<SocketClient> {
  loading ??= import("./socket-client.ts").then(({ socketClient }) => (loaded = socketClient()));
  return loading;
}

/** Runs `attach` with the client once it is loaded (at once if it is); the returned function undoes it, or cancels the wait. */
function withClient(attach: (client: SocketClient) => () => void): () => void {
  if (loaded) return attach(loaded);
  let undo: (() => void) | undefined;
  let cancelled = false;
  void loadClient().then((client) => {
    if (!cancelled) undo = attach(client);
  });
  return () => {
    cancelled = true;
    undo?.();
  };
}

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
    return withClient((client) => client.subscribe(topic, from.current, (frame) => latest.current(frame)));
  }, [topic, generation]);
}

const subscribeState = (onChange: () => void) =>
  withClient((client) => {
    // The state may have moved while the client loaded.
    onChange();
    return client.onState(onChange);
  });
const readState = (): SocketState => loaded?.state ?? "idle";
const serverState = (): SocketState => "idle";

/** The socket's state, for a discreet "reconnecting" notice. */
export function useSocketState(): SocketState {
  return useSyncExternalStore(subscribeState, readState, serverState);
}
