import { Hono } from "hono";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { jsonDeeperThan, jsonHoldsUnstorable, JSON_DEPTH_MAX, urlHoldsNul } from "../http/json-guards.ts";
import { withAuthFailures } from "./auth-failures.ts";
import { CLIENT_IP_HEADER, type Auth } from "./create-auth.ts";
import { refuseForeignRedirects } from "./redirect-targets.ts";

/**
 * Why a request is refused before better-auth sees it, or null. better-auth would hand U+0000 to a
 * statement (a reset token, a name) and merges bodies recursively (defu): either fails with a 500.
 */
function guard(url: string, body: string): string | null {
  if (urlHoldsNul(url) || jsonHoldsUnstorable(body)) return "The request must not contain U+0000 or an unpaired surrogate.";
  if (jsonDeeperThan(body)) return `The request body must not nest deeper than ${JSON_DEPTH_MAX} levels.`;
  return null;
}

/**
 * The answers better-auth may give the session token in, beside the cookie: every sign-in and
 * sign-up (email, and a social provider's ID token on `sign-in/social`).
 */
export const givesSessionToken = (path: string): boolean => /^\/api\/auth\/sign-(in|up)\//.test(path);

/**
 * The answer without its `token` field: the session lives in the HttpOnly cookie alone, so a script
 * on the page (or a log of response bodies) never holds it.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const body: unknown = await response.json();
  if (body && typeof body === "object" && "token" in body) delete (body as { token?: unknown }).token;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}

/**
 * better-auth's endpoints (`/api/auth/*`), fed the client address the server established.
 * Its admin plugin's endpoints stay closed: user management goes through `/api/admin/*`, which
 * checks our permission table and keeps the profile role and the identity record in step. The
 * URLs it will redirect to later must be paths on this site (`refuseForeignRedirects`).
 */
export function authRoutes(auth: Auth) {
  return new Hono<AppEnv>()
    .all("/admin/*", (c) => {
      const failure = new AppError("not-found", `No API endpoint at ${c.req.method} ${c.req.path}`);
      return c.json(failure.toJSON(), failure.status);
    })
    .use("/*", refuseForeignRedirects())
    .on(["GET", "POST"], "/*", async (c) => {
      const refusal = guard(c.req.url, c.req.method === "POST" ? await c.req.raw.clone().text() : "");
      if (refusal) {
        const failure = new AppError("invalid-argument", refusal);
        return c.json(failure.toJSON(), failure.status);
      }
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
      const { response, unreachable } = await withAuthFailures(() => auth.handler(new Request(c.req.raw, { headers })));
      // Answered as the rest of the API answers an unreachable database: 503, try again shortly.
      if (unreachable && response.status >= 500) throw unreachable;
      return givesSessionToken(c.req.path) ? withoutSessionToken(response) : response;
    });
}
