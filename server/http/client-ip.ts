import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * The client's address from the socket, or from the first X-Forwarded-For hop when a trusted
 * proxy is configured. Headers the client sends are never taken at their word.
 */
export function clientIp(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip: string | undefined;
    if (trustProxy) ip = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address;
      } catch {
        ip = undefined;
      }
    }
    c.set("clientIp", (ip ?? "0.0.0.0").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, ""));
    await next();
  };
}
