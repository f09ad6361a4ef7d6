import { useEffect } from "react";
import { usePageRefresh } from "../islands/use-page-refresh.ts";
import { startAuthRuntime } from "./auth-start.ts";

/** `startAuthRuntime` for a page hydrated by React Router (or an island): refreshed through the router. */
export function useAuthRuntime(serverUid: string | null): void {
  const refresh = usePageRefresh({ automatic: true });
  useEffect(() => startAuthRuntime(serverUid, () => void refresh()), [serverUid, refresh]);
}
