/**
 * The cluster tests' load: virtual players, one account each, each from an address of its own (sent
 * as `X-Forwarded-For`, as a CDN in front of nginx would: the app trusts loopback hops, so it sees
 * the player's address), doing what players do, one thing after another without pause: pages as a
 * visitor and as a member, searches, the public data API, sign-ins, posts, chat messages, offers
 * opened and cancelled. Every write carries a client id and is kept in a ledger once acknowledged,
 * so a test can check afterwards that each is in the database, once.
 *
 * Each player keeps within every limit the server sets on an account or an address (`LIMITS`), as
 * real players do; a request past one would be a 429, which counts as an error.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { percentile } from "../../scripts/bench-budgets.ts";

export const ROOM = "global-vi";
const ITEM = "iron-ore";
const SERVER = "suong-mai";
const PASSWORD = "mat-khau-that-dai";
const TIMEOUT_MS = 30_000;
const MINUTE = 60_000;

/**
 * The server's limits a player keeps within (server/auth/rate-limit.ts, the feed's and offers'
 * own, sign-in's per address), a little under each: [bucket, window, most in it]. Writes share one
 * bucket per account; searches and public queries have theirs.
 */
const LIMITS: Partial<Record<Kind, [string, number, number][]>> = {
  post: [
    ["write", MINUTE, 55],
    ["post", 10 * MINUTE, 5],
  ],
  chat: [["write", MINUTE, 55]],
  "offer-open": [
    ["write", MINUTE, 55],
    ["offer", 10 * MINUTE, 30],
  ],
  "offer-cancel": [["write", MINUTE, 55]],
  "sign-in": [
    ["write", MINUTE, 55],
    ["sign-in", MINUTE, 8],
  ],
  search: [["search", MINUTE, 280]],
  query: [["query", MINUTE, 280]],
};

export const KINDS = [
  "page",
  "member-page",
  "search",
  "public-api",
  "query",
  "sign-in",
  "post",
  "chat",
  "offer-open",
  "offer-cancel",
] as const;
export type Kind = (typeof KINDS)[number];
/** The kinds that write: sent again with the same client id while no answer comes (`retryWrites`). */
export const WRITES: readonly Kind[] = ["sign-in", "post", "chat", "offer-open", "offer-cancel"];

/** How often each kind is chosen (out of the total): mostly reading, as on the real site. */
const MIX: [Kind, number][] = [
  ["page", 24],
  ["member-page", 14],
  ["search", 12],
  ["public-api", 12],
  ["query", 8],
  ["sign-in", 2],
  ["post", 4],
  ["chat", 14],
  ["offer-open", 5],
  ["offer-cancel", 5],
];
const PAGES = ["/", "/class", "/equipments-items", "/mounts", "/rating", "/event", "/guide", "/level"];
const MEMBER_PAGES = ["/feed", "/me", "/notification", "/me/make-offer", "/chat"];
const SEARCHES = ["kiếm", "sắt", "ngựa", "thú", "giáp", "iron", "ore", "sword"];
const API = [
  "/api/v1/items/iron-ore",
  "/api/v1/items/beast-hide",
  "/api/v1/classes/swordsman",
  "/api/v1/mounts/brown-horse",
  "/api/v1/search?q=kiem",
  "/api/offers?itemId=iron-ore&side=sell",
];
const QUERIES = [
  { collection: "items", where: [["rarity", "==", "epic"]] },
  { collection: "items", where: [["level", ">=", 10]], limit: 20 },
  { collection: "levels", where: [["xpToNext", "!=", null]], limit: 50 },
];

export interface Account {
  email: string;
  cookie: string;
  /** The address this player's requests come from. */
  address: string;
  /** When this player used each limited bucket (performance.now()): kept across loads, as the server keeps them. */
  used: Record<string, number[]>;
}

/** Signs up `count` players through `origin` (a few at a time), each with an address of its own. */
export async function signUpPlayers(origin: string, count: number, prefix = "player"): Promise<Account[]> {
  const accounts: Account[] = [];
  const one = async (index: number) => {
    const address = playerAddress(index);
    const email = `${prefix}-${index}-${randomUUID().slice(0, 8)}@example.vn`;
    const response = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify({ email, password: PASSWORD, name: `Người chơi ${index}` }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status !== 200) throw new Error(`sign-up ${index}: ${response.status} ${await response.text()}`);
    accounts[index] = { email, address, cookie: cookieOf(response), used: {} };
  };
  for (let start = 0; start < count; start += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, offset) => one(start + offset)));
  }
  return accounts;
}

/** Player `index`'s address: 10.x.y.z, one per player. */
function playerAddress(index: number): string {
  return `10.${20 + Math.floor(index / 65_025)}.${Math.floor(index / 255) % 255}.${(index % 255) + 1}`;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

export interface Failure {
  kind: Kind;
  /** Milliseconds since the load began. */
  at: number;
  /** The status, or the network error's name. */
  status: number | string;
  /** Whether a later attempt with the same client id was acknowledged. */
  recovered: boolean;
}

/** Every acknowledged write, by client id: what the database must hold afterwards, once each. */
export interface Ledger {
  chat: Map<string, number>;
  posts: Map<string, number>;
  offers: Map<string, number>;
  /** Offers whose cancel was acknowledged. */
  cancelled: Set<number>;
}

export interface KindFigures {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadReport {
  users: number;
  seconds: number;
  requests: number;
  /** Answered requests per second (every attempt, failed ones included). */
  perSecond: number;
  kinds: Record<Kind, KindFigures>;
  failures: Failure[];
  ledger: Ledger;
}

export interface LoadOptions {
  /** Where requests go (an nginx). */
  origin: string;
  /** The site's public address, the Origin a browser sends with its writes. */
  publicOrigin: string;
  accounts: Account[];
  seconds: number;
  /**
   * A write that got no answer, or a 5xx, is sent again with the same client id until answered (as
   * the app's own clients do), for up to a minute: what a player's phone does while a part is down.
   */
  retryWrites?: boolean;
  /** A pause between a player's actions (on average; none by default: the load of record finds the limit). */
  pauseMs?: number;
  /** Only this kind (an offer cancel opens one first when the player has none): to measure one kind's cost. */
  only?: Kind;
}

export interface RunningLoad {
  /** Milliseconds since the load began. */
  elapsed(): number;
  /** The failed attempts so far (the load goes on). */
  failuresSoFar(): Failure[];
  /** Ends the load early (players finish what they are doing) and reports. */
  stop(): Promise<LoadReport>;
  finished: Promise<LoadReport>;
}

/** A small seeded generator, so a run's mix can be told again. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);
function pickKind(next: () => number): Kind {
  let roll = next() * TOTAL_WEIGHT;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return "page";
}
const pick = <T>(list: readonly T[], next: () => number): T => list[Math.floor(next() * list.length)] as T;

export function startLoad({ origin, publicOrigin, accounts, seconds, retryWrites = false, pauseMs = 0, only }: LoadOptions): RunningLoad {
  const began = performance.now();
  const elapsed = () => Math.round(performance.now() - began);
  const durations = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  const errors = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  const failures: Failure[] = [];
  const ledger: Ledger = { chat: new Map(), posts: new Map(), offers: new Map(), cancelled: new Set() };
  let requests = 0;
  let stopped = false;
  const ending = began + seconds * 1000;
  const going = () => !stopped && performance.now() < ending;

  /** One request; a failure is kept (and counted once it is clear no later attempt recovers it). */
  async function attempt(kind: Kind, account: Account, path: string, init: RequestInit = {}): Promise<Response | Failure> {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", account.address);
    // Members' pages and writes as the signed-in player; the rest (sign-in included) as a browser without a session would.
    if (kind === "member-page" || (WRITES.includes(kind) && kind !== "sign-in")) headers.set("Cookie", account.cookie);
    headers.set("Accept-Encoding", "gzip");
    if (init.method === "POST") {
      headers.set("Origin", publicOrigin);
      headers.set("Content-Type", "application/json");
    }
    requests += 1;
    try {
      const response = await fetch(origin + path, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      // The body is read in full, as a browser would, before the request counts as answered.
      const body = await response.arrayBuffer();
      if (response.ok) return new Response(body, { status: response.status, headers: response.headers });
      return { kind, at: elapsed(), status: response.status, recovered: false };
    } catch (error) {
      return { kind, at: elapsed(), status: error instanceof Error ? error.name : "error", recovered: false };
    }
  }

  /**
   * One action, timed from its first attempt until it is answered. A write sent again (same client
   * id) after an attempt that got no answer is answered as the first was; a cancel that answers 409
   * then (already cancelled) means the first attempt was taken.
   */
  async function timed(kind: Kind, account: Account, path: string, init?: RequestInit): Promise<Response | null> {
    const write = WRITES.includes(kind);
    const start = performance.now();
    const tried: Failure[] = [];
    for (;;) {
      const outcome = await attempt(kind, account, path, init);
      const takenBefore = kind === "offer-cancel" && !(outcome instanceof Response) && outcome.status === 409 && tried.length > 0;
      if (outcome instanceof Response || takenBefore) {
        for (const failure of tried) failure.recovered = true;
        durations.get(kind)?.push(performance.now() - start);
        return outcome instanceof Response ? outcome : new Response(null, { status: 409 });
      }
      tried.push(outcome);
      failures.push(outcome);
      const retryable = typeof outcome.status === "string" || outcome.status >= 500;
      if (!(write && retryWrites && retryable && performance.now() - start < 60_000)) {
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
        return null;
      }
      await new Promise((done) => setTimeout(done, Math.min(1000, 100 * tried.length)));
    }
  }

  const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
  const dataId = async (response: Response) => ((await response.json()) as { data: { id: number } }).data.id;

  async function player(account: Account, index: number): Promise<void> {
    const next = random(index * 7919 + 17);
    const openOffers: number[] = [];
    /** Whether `kind` now would pass one of the account's limits; if not, it is counted against them. */
    const atLimit = (kind: Kind, now: number): boolean => {
      const rules = LIMITS[kind] ?? [];
      const recent = (bucket: string, windowMs: number) => (account.used[bucket] ?? []).filter((at) => now - at < windowMs);
      if (rules.some(([bucket, windowMs, max]) => recent(bucket, windowMs).length >= max)) return true;
      for (const [bucket] of rules) account.used[bucket] = [...recent(bucket, 10 * MINUTE), now];
      return false;
    };
    while (going()) {
      if (pauseMs > 0) await new Promise((done) => setTimeout(done, next() * 2 * pauseMs));
      let kind = only ?? pickKind(next);
      const now = performance.now();
      if (kind === "offer-cancel" && openOffers.length === 0) kind = "offer-open";
      const limited = atLimit(kind, now);
      // A player at an account limit reads a page instead (or, measuring one kind, is done).
      if (limited && only) break;
      if (limited) kind = "page";
      switch (kind) {
        case "page":
          await timed(kind, account, pick(PAGES, next));
          break;
        case "member-page":
          await timed(kind, account, pick(MEMBER_PAGES, next));
          break;
        case "search":
          await timed(kind, account, `/api/search?q=${encodeURIComponent(pick(SEARCHES, next))}`);
          break;
        case "public-api":
          await timed(kind, account, pick(API, next));
          break;
        case "query":
          await timed(kind, account, "/api/v1/query", post(pick(QUERIES, next)));
          break;
        case "sign-in": {
          const response = await timed(kind, account, "/api/auth/sign-in/email", post({ email: account.email, password: PASSWORD }));
          if (response) account.cookie = cookieOf(response);
          break;
        }
        case "post": {
          const clientId = randomUUID();
          const response = await timed(
            kind,
            account,
            "/api/feed/posts",
            post({ body: `Bài viết thử tải ${clientId.slice(0, 8)}`, lang: "vi", clientId }),
          );
          if (response) ledger.posts.set(clientId, await dataId(response));
          break;
        }
        case "chat": {
          const clientId = randomUUID();
          const response = await timed(
            kind,
            account,
            `/api/chat/rooms/${ROOM}/messages`,
            post({ text: `Tin nhắn thử tải ${clientId.slice(0, 8)}`, clientId }),
          );
          if (response) ledger.chat.set(clientId, await dataId(response));
          break;
        }
        case "offer-open": {
          const clientId = randomUUID();
          const quantity = 1 + Math.floor(next() * 20);
          const unitPrice = 100 + Math.floor(next() * 50);
          const offer = {
            side: "sell",
            itemId: ITEM,
            quantity,
            unitPrice,
            server: SERVER,
            characterName: "Thử Tải",
            expiresInDays: 3,
            clientId,
          };
          const response = await timed(kind, account, "/api/offers", post(offer));
          if (response) {
            const id = await dataId(response);
            ledger.offers.set(clientId, id);
            openOffers.push(id);
          }
          break;
        }
        case "offer-cancel": {
          const id = openOffers.shift() as number;
          if (await timed(kind, account, `/api/offers/${id}/cancel`, post({}))) ledger.cancelled.add(id);
          break;
        }
      }
    }
  }

  const report = (): LoadReport => {
    const took = (performance.now() - began) / 1000;
    const kinds = Object.fromEntries(
      KINDS.map((kind) => {
        const sorted = durations.get(kind) ?? [];
        const at = (p: number) => (sorted.length ? Math.round(percentile(sorted, p)) : 0);
        return [kind, { count: sorted.length, errors: errors.get(kind) ?? 0, p50: at(50), p95: at(95), p99: at(99) }];
      }),
    ) as Record<Kind, KindFigures>;
    return { users: accounts.length, seconds: Math.round(took), requests, perSecond: Math.round(requests / took), kinds, failures, ledger };
  };
  const finished = Promise.all(accounts.map((account, index) => player(account, index))).then(report);
  return {
    elapsed,
    finished,
    failuresSoFar: () => [...failures],
    stop() {
      stopped = true;
      return finished;
    },
  };
}

/** A process's CPU time so far (user + system), in milliseconds, from /proc. */
export function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of stat(5); after the command's ")" they are 12th and 13th,
  // in clock ticks (USER_HZ, 100 on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** A report as a Markdown table: one line per kind. */
export function loadTable(report: LoadReport): string {
  const lines = ["| kind | requests | errors | p50 ms | p95 ms | p99 ms |", "|---|---|---|---|---|---|"];
  for (const kind of KINDS) {
    const figures = report.kinds[kind];
    lines.push(`| ${kind} | ${figures.count} | ${figures.errors} | ${figures.p50} | ${figures.p95} | ${figures.p99} |`);
  }
  return lines.join("\n");
}
