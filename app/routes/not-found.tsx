import { notFound } from "../shared/routing/not-found.ts";
import type { Route } from "./+types/not-found";

/** Any path without a page answers HTTP 404. */
export function loader({ request }: Route.LoaderArgs): never {
  notFound(request);
}

export default function NotFound() {
  return null;
}
