import { redirect, type MiddlewareFunction } from "react-router";
import { findPage } from "./route-table.ts";

/** The `auth` guard of spec §2. Identity arrives in a later issue: until then nobody is signed in. */
const auth: MiddlewareFunction<Response> = ({ url }) => {
  const { pathname, search } = url;
  throw redirect(`/login?redirect=${encodeURIComponent(pathname + search)}`);
};

/** Route middleware by name; route table entries refer to guards by these names. */
export const routeMiddleware: Readonly<Record<string, MiddlewareFunction<Response>>> = { auth };

export function resolveMiddleware(names: readonly string[]): MiddlewareFunction<Response>[] {
  return names.map((name) => {
    const guard = routeMiddleware[name];
    if (!guard) throw new Error(`Unknown route middleware: ${name}`);
    return guard;
  });
}

/** The middleware a page of the route table names, for its route module's `middleware` export. */
export function middlewareFor(pageKey: string): MiddlewareFunction<Response>[] {
  const entry = findPage(pageKey);
  if (!entry) throw new Error(`Unknown page: ${pageKey}`);
  return resolveMiddleware(entry.middleware ?? []);
}
