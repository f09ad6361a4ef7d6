import { notFound } from "../shared/routing/not-found.ts";
import type { Route } from "./+types/not-found";

/** Any path without a page answers HTTP 404. */
export function loader({ url }: Route.LoaderArgs): never {
  notFound(url);
}

export default function NotFound() {
  return null;
}
