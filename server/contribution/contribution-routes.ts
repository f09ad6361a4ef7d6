/** The contribution ranking's API: `GET /api/contribution/ranking?period=week|all`, open to visitors like the directory. */
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { RANKING_SIZE, rankingPeriods } from "../../universal/contribution/contribution-levels.ts";
import { allowPermission, parseQuery, type AppEnv } from "../http/context.ts";
import { listContributionRanking } from "./contribution-ranking.ts";

const rankingQuery = z.object({
  period: z.enum(rankingPeriods).default("week"),
  limit: z.coerce.number().int().min(1).max(RANKING_SIZE).default(RANKING_SIZE),
});

export function contributionRoutes(db: Database) {
  return new Hono<AppEnv>().get("/contribution/ranking", async (c) => {
    allowPermission(c, "view:record");
    const { period, limit } = parseQuery(c, rankingQuery);
    return c.json({ data: await listContributionRanking(db, period, { limit }), period });
  });
}
