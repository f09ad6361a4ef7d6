import { Hono } from "hono";
import { z } from "zod";
import { parseJson, requirePermission, type AppEnv } from "../http/context.ts";
import type { AnalyticsSink } from "./analytics-sink.ts";

const event = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "event names are lower_snake_case, up to 40 characters"),
    params: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).default({}),
  })
  .strict()
  .refine((value) => Object.keys(value.params).length <= 20, { message: "at most 20 params", path: ["params"] });

/** `POST /api/analytics`: a signed-in user's event, attributed by the server (never by a client-sent id). */
export function analyticsRoutes(sink: AnalyticsSink) {
  return new Hono<AppEnv>().post("/analytics", async (c) => {
    const viewer = requirePermission(c, "analytics:record");
    const { name, params } = await parseJson(c, event);
    await sink.record({ name, params, userId: viewer.uid, createdAt: Date.now() });
    return c.json({ recorded: true }, 201);
  });
}
