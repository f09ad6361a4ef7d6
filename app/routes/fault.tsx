import { requestContext } from "../shared/request-context.ts";
import { notFound } from "../shared/routing/not-found.ts";
import type { Route } from "./+types/fault";

/**
 * A page that fails on purpose, for the error-page journeys (`?database=unreachable`: as if the
 * database were away). It exists only when the server runs
 * with FAULT_ROUTES=1; otherwise it is an unknown path like any other.
 */
export function loader({ url, context }: Route.LoaderArgs): never {
  if (!context.get(requestContext).faultRoutes) notFound(url);
  // `?database=unreachable`: fails as node-postgres does when the database refuses connections.
  if (url.searchParams.get("database") === "unreachable")
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432 (deliberate, from /__fault)"), { code: "ECONNREFUSED" });
  throw new Error("Deliberate failure from /__fault");
}

export default function Fault() {
  return null;
}
