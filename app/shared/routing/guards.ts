import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Viewer } from "../../../server/auth/viewer.ts";
import { can } from "../../../universal/auth/permissions.ts";
import { requestContext } from "../request-context.ts";
import { findPage } from "../../../universal/routing/route-table.ts";
import { forbidden } from "./page-refusals.ts";

function toSignIn(url: URL): never {
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Signed-in visitors only; the others sign in and come back. */
const signedIn: MiddlewareFunction<Response> = ({ url, context }) => {
  if (!context.get(requestContext).viewer) toSignIn(url);
};

/**
 * The signed-in viewer, for the loader or action of a route whose `signedIn` (or `auth`) guard has
 * already sent everyone else to sign in: no viewer here is a route missing its guard, a bug.
 */
export function requireViewer(context: Readonly<RouterContextProvider>): Viewer {
  const { viewer } = context.get(requestContext);
  if (!viewer) throw new Error("the signedIn guard lets only signed-in viewers through");
  return viewer;
}

/**
 * A guard's refusal, answered by the route's loader rather than thrown from the middleware: the
 * root loader still runs, so the 403 page has its language, the account and the CSP nonce.
 */
const denial = createContext<{ path: string } | null>(null);

/**
 * The `auth` guard on /admin: signed out -> sign in and back; signed in without the
 * admin or moderator role -> 403. Moderators get in and see only moderation (the page decides).
 */
const auth: MiddlewareFunction<Response> = ({ url, context }) => {
  const { viewer } = context.get(requestContext);
  if (!viewer) toSignIn(url);
  if (!can(viewer.role, "admin:access")) context.set(denial, { path: url.pathname });
};

/** Wraps a guarded route's loader: a refusal recorded by its guards becomes the 403 error page. */
export function guarded<Args extends { context: Readonly<RouterContextProvider> }, Result>(loader: (args: Args) => Result) {
  return (args: Args): Result => {
    const refused = args.context.get(denial);
    if (refused) forbidden(refused.path);
    return loader(args);
  };
}

/** Route middleware by name; route table entries refer to guards by these names. */
export const routeMiddleware: Readonly<Record<string, MiddlewareFunction<Response>>> = { auth, signedIn };
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
