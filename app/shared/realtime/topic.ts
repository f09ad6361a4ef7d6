/**
 * The page's socket client, loaded on first use, and listening to a topic through it: the one way
 * every part of a page reaches the realtime server, a React component (`useTopic`) or a plain island
 * (decision 038) alike. No React here.
 *
 * The socket client is not part of a page's first load: it comes with the `background` chunk when the
 * first topic is wanted, after the page is interactive, and the page's data is already on screen. Nothing
 * is missed meanwhile: a subscription resumes from the last id the page holds.
 */
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { logPageError } from "../page/page-errors.ts";
import { onDemand } from "../page/on-demand.ts";
import { onPageEnd } from "../islands/page-lifetime.ts";

export const socket = onDemand(
  () => import("./socket-client.ts").then(({ socketClient }) => socketClient()),
  (error) => logPageError("Failed to load the socket client; live updates wait for the next page", error),
);

/**
 * Listens to `topic` from `after` (the last id the caller holds); the returned function stops
 * listening, or cancels the wait for the client. Listening ends with the page shown (a move in place
 * leaves it, decision 044) at the latest.
 */
export function listenToTopic(topic: string, after: number | undefined, onFrame: (frame: ServerFrame) => void): () => void {
  return onPageEnd(socket.use((client) => client.subscribe(topic, after, onFrame)));
}
