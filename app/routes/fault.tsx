import { requestContext } from "../shared/request-context.ts";
import { notFound } from "../shared/routing/not-found.ts";
import type { Route } from "./+types/fault";

/**
 * A page that fails on purpose, for the error-page journeys. It exists only when the server runs
 * with FAULT_ROUTES=1; otherwise it is an unknown path like any other.
 */
export function loader({ url, context }: Route.LoaderArgs): never {
  if (!context.get(requestContext).faultRoutes) notFound(url);
  throw new Error("Deliberate failure from /__fault");
}

export default function Fault() {
  return null;
}
