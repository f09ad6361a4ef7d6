/** A member's bag (`/api/bag`). */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import type { AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

export function bagRoutes(db: Database, hub: RealtimeHub): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  void db;
  void hub;
  return app;
}
