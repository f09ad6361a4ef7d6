/** The admin dashboard's shapes and ranges (issue 44), shared by the API and the page. */

/** The ranges the dashboard draws, in game days ending today. */
export const DASHBOARD_RANGES = [30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** One game day (UTC+7) of activity. */
export interface DashboardDay {
  date: string;
  signUps: number;
  signIns: { vi: number; "en-US": number };
  posts: number;
  chatMessages: number;
  offersOpened: number;
  offersCompleted: number;
  reports: number;
  /** Members with a signed-in request that day. */
  activeMembers: number;
}

export interface Dashboard {
  days: DashboardDay[];
  /** Members with a signed-in request today (game time). */
  activeToday: number;
  /** … since Monday 00:00 game time. */
  activeThisWeek: number;
  /** When today's figures were counted (they are at most a minute old). */
  updatedAt: number | null;
}

/** The charts the dashboard draws, each from one or two of a day's figures. */
export const DASHBOARD_CHARTS = ["signUps", "signIns", "activeMembers", "posts", "chatMessages", "offers", "reports"] as const;
export type DashboardChart = (typeof DASHBOARD_CHARTS)[number];
