/** A member's notes (`/api/notes`). */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import type { AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

export function notesRoutes(db: Database, hub: RealtimeHub): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  void db;
  void hub;
  return app;
}
