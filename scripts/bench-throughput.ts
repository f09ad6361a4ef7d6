import { createRequire } from "node:module";
import type { ThroughputPair } from "./bench-budgets.ts";

/** The part of autocannon's result this script reads (autocannon ships no types). */
interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  /** Each connection sends these in turn, then starts over. */
  requests?: { method: "GET"; path: string }[];
}
type Autocannon = (options: CannonOptions) => Promise<CannonResult>;

// A plain `import` of an untyped package fails strict type checking, and this script may add no .d.ts beside it.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export const WARMUP_SECONDS = 1;
/** What a browser sends: the server answers compressed, as it does to visitors. */
const BROWSER_HEADERS = { "accept-encoding": "gzip" };

export interface Measurement {
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Errors, timeouts and non-2xx answers. */
  failures: number;
}

export interface Load {
  seconds: number;
  connections: number;
}

/** `path` under load for `seconds`, after a warm-up that also fills the render cache. */
export async function measure(baseUrl: string, path: string, { seconds, connections }: Load): Promise<Measurement> {
  const options = { url: baseUrl + path, connections, headers: BROWSER_HEADERS };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    path,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Page, reference, page, reference…: each pair measured back to back, so the host's speed changes alike for both. */
export async function interleavedPairs(
  baseUrl: string,
  pagePath: string,
  referencePath: string,
  pairs: number,
  load: Load,
): Promise<(ThroughputPair & { page: Measurement; reference: Measurement })[]> {
  const results = [];
  for (let pair = 1; pair <= pairs; pair++) {
    console.log(`bench: throughput pair ${pair}/${pairs}: ${pagePath}, ${referencePath} …`);
    const page = await measure(baseUrl, pagePath, load);
    const reference = await measure(baseUrl, referencePath, load);
    results.push({
      page,
      reference,
      pageReqPerSec: page.reqPerSec,
      healthReqPerSec: reference.reqPerSec,
      failures: page.failures + reference.failures,
    });
  }
  return results;
}

export interface SequenceMeasurement {
  paths: string[];
  /** Whole sequences per second: the requests' rate over their number. */
  visitsPerSec: number;
  reqPerSec: number;
  /** Of single requests, whichever of the sequence. */
  p50: number;
  p99: number;
  failures: number;
}

/**
 * `paths` as one visit: each connection requests them one after the other, then starts over, for
 * `seconds` after a warm-up. A page and the API calls it makes after hydration cost what this measures.
 */
export async function measureSequence(
  baseUrl: string,
  paths: readonly string[],
  { seconds, connections }: Load,
): Promise<SequenceMeasurement> {
  const [first] = paths;
  if (first === undefined) throw new Error("no paths to measure");
  const options = {
    url: baseUrl + first,
    connections,
    headers: BROWSER_HEADERS,
    requests: paths.map((path) => ({ method: "GET" as const, path })),
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    paths: [...paths],
    visitsPerSec: result.requests.average / paths.length,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
