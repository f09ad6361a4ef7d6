import { useEffect } from "react";
import { recordView } from "./view-beacon.ts";

/** `recordView` once per page view, from a page hydrated by React Router. */
export function useRecordView(kind: string, id: string): void {
  useEffect(() => recordView(kind, id), [kind, id]);
}
