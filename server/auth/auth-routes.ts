import { Hono } from "hono";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { jsonDeeperThan, jsonHoldsUnstorable, JSON_DEPTH_MAX, urlHoldsNul } from "../http/json-guards.ts";
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
      return auth.handler(new Request(c.req.raw, { headers }));
    });
}
