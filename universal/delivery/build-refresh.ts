/**
 * Build refresh: about a second after start (unless the connection is slow) and then
 * at a regular interval, `builds/latest.json?{timestamp}` is fetched; an id other than this
 * page's build marks the page outdated, and the next navigation becomes a full page load.
 */
import type { RouteMatcher } from "./route-rules.ts";

export const FIRST_CHECK_DELAY_MS = 1_000;
export const DEFAULT_CHECK_INTERVAL_MS = 60 * 60 * 1_000;

export const LATEST_BUILD_PATH = "/builds/latest.json";
export const buildMetaPath = (buildId: string) => `/builds/meta/${encodeURIComponent(buildId)}.json`;

export interface BuildInfo {
  id: string;
  timestamp: number;
}

export interface BuildMeta extends BuildInfo {
  matcher: RouteMatcher;
  prerendered: string[];
}

interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Save-Data or a 2g connection: the first check waits for the interval instead of the first second. */
export function isSlowConnection(connection: ConnectionHints | undefined): boolean {
  return Boolean(connection && (connection.saveData || (connection.effectiveType ?? "").includes("2g")));
}

function isBuildInfo(value: unknown): value is BuildInfo {
  const candidate = value as Partial<BuildInfo> | null;
  return typeof candidate?.id === "string" && candidate.id.length > 0 && typeof candidate.timestamp === "number";
}

export async function fetchLatestBuild(fetcher: typeof fetch = fetch, now = Date.now()): Promise<BuildInfo> {
  const response = await fetcher(`${LATEST_BUILD_PATH}?${now}`, { cache: "no-store" });
  if (!response.ok) throw new Error(`${LATEST_BUILD_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isBuildInfo(body)) throw new Error(`${LATEST_BUILD_PATH} is not a build: ${JSON.stringify(body)}`);
  return body;
}

export interface BuildChecks {
  buildId: string;
  intervalMs: number;
  connection?: ConnectionHints;
  fetchLatest: () => Promise<BuildInfo>;
  /** Called once, when a build other than this page's is announced. */
  onNewBuild: (latest: BuildInfo) => void;
  onError: (error: unknown) => void;
}

/** Starts the checks; returns the function that stops them. */
export function startBuildChecks({ buildId, intervalMs, connection, fetchLatest, onNewBuild, onError }: BuildChecks): () => void {
  let stopped = false;
  let announced = false;
  const check = async () => {
    try {
      const latest = await fetchLatest();
      if (!stopped && !announced && latest.id !== buildId) {
        announced = true;
        onNewBuild(latest);
      }
    } catch (error) {
      onError(error);
    }
  };
  const first = isSlowConnection(connection) ? undefined : setTimeout(() => void check(), FIRST_CHECK_DELAY_MS);
  const interval = setInterval(() => void check(), intervalMs);
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(interval);
  };
}

/** This build's manifest: its route rules and prerendered pages. */
export async function fetchBuildMeta(buildId: string, fetcher: typeof fetch = fetch): Promise<BuildMeta> {
  const response = await fetcher(buildMetaPath(buildId));
  if (!response.ok) throw new Error(`${buildMetaPath(buildId)} answered ${response.status}`);
  const body: unknown = await response.json();
  const candidate = body as Partial<BuildMeta> | null;
  const matcher = candidate?.matcher;
  const valid =
    isBuildInfo(body) && typeof matcher?.exact === "object" && typeof matcher.prefix === "object" && Array.isArray(candidate?.prerendered);
  if (!valid || !matcher || !candidate?.prerendered) throw new Error(`${buildMetaPath(buildId)} is not a build manifest`);
  return { id: body.id, timestamp: body.timestamp, matcher, prerendered: candidate.prerendered };
}
