import { data } from "react-router";

/**
 * The 404: status 404, message 'Page not found: {fullPath}', the path in the data. The
 * full path keeps the query, so an unknown entry names its id: `/mounts/detail?id=nope`. `list` names
 * the page (its key) the 404 offers to browse instead: a clan that does not exist offers the directory.
 */
export function notFound(url: URL, options: { list?: string } = {}): never {
  const fullPath = url.pathname + url.search;
  throw data({ message: `Page not found: ${fullPath}`, path: fullPath, ...options }, { status: 404, statusText: "Page Not Found" });
}
