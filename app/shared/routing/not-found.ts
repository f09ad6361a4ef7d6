import { data } from "react-router";

/** The 404 of spec §2/§8: status 404, message 'Page not found: {path}', the path in the data. */
export function notFound(url: URL): never {
  const { pathname } = url;
  throw data({ message: `Page not found: ${pathname}`, path: pathname }, { status: 404, statusText: "Page Not Found" });
}
