import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { CLIENT_IP_HEADER, type Auth } from "./create-auth.ts";

/** better-auth's endpoints (`/api/auth/*`), fed the client address the server established. */
export function authRoutes(auth: Auth) {
  return new Hono<AppEnv>().on(["GET", "POST"], "/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    return auth.handler(new Request(c.req.raw, { headers }));
  });
}
