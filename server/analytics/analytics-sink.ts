import type { Database } from "../../db/client.ts";
import { analyticsEvents } from "../../db/schema/index.ts";

export interface AnalyticsEvent {
  name: string;
  params: Record<string, string | number | boolean | null>;
  userId: string | null;
  createdAt: number;
}

/** Where analytics events go. The default keeps them in our database; a deployment may forward them. */
export interface AnalyticsSink {
  record(event: AnalyticsEvent): Promise<void>;
}

export function databaseSink(db: Database): AnalyticsSink {
  return {
    async record(event) {
      await db.insert(analyticsEvents).values(event);
    },
  };
}
