/** Offers between players (`/api/offers`, `/api/alerts`, `/api/items/{id}/prices`). */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import type { AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

export function offerRoutes(db: Database, hub: RealtimeHub): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  void db;
  void hub;
  return app;
}
