/**
 * "This member's sessions changed": published on the hub (so over the bus, to every process) after
 * a sign-out, a session revoked, a password changed or reset, a ban, a role change or an account
 * deleted. Each process's socket server then checks every socket it holds for that member against
 * the database (`sessionStanding`) and closes those whose session or account no longer holds, with
 * an application close code (universal/realtime/protocol.ts `SOCKET_CLOSE`). Naming the member,
 * not the sessions, keeps every publisher simple: the database says which sessions are gone.
 */
import type { RealtimeHub } from "./hub.ts";

export const SESSIONS_TOPIC = "control:sessions";

export interface SessionsChanged {
  type: "sessions-changed";
  topic: typeof SESSIONS_TOPIC;
  uid: string;
}

/** Call after the change has committed. */
export function publishSessionsChanged(hub: Pick<RealtimeHub, "publish">, uid: string): void {
  hub.publish({ type: "sessions-changed", topic: SESSIONS_TOPIC, uid });
}
