import { Hono } from "hono";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { CLIENT_IP_HEADER, type Auth } from "./create-auth.ts";

/**
 * better-auth's endpoints (`/api/auth/*`), fed the client address the server established.
 * Its admin plugin's endpoints stay closed: user management goes through `/api/admin/*`, which
 * checks our permission table and keeps the profile role and the identity record in step.
 */
export function authRoutes(auth: Auth) {
  return new Hono<AppEnv>()
    .all("/admin/*", (c) => {
      const failure = new AppError("not-found", `No API endpoint at ${c.req.method} ${c.req.path}`);
      return c.json(failure.toJSON(), failure.status);
    })
    .on(["GET", "POST"], "/*", (c) => {
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
      return auth.handler(new Request(c.req.raw, { headers }));
    });
}
