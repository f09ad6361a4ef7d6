import { data } from "react-router";

/**
 * The 404: status 404, message 'Page not found: {fullPath}', the path in the data. The
 * full path keeps the query, so an unknown entry names its id: `/mounts/detail?id=nope`.
 */
export function notFound(url: URL): never {
  const fullPath = url.pathname + url.search;
  throw data({ message: `Page not found: ${fullPath}`, path: fullPath }, { status: 404, statusText: "Page Not Found" });
}
