/**
 * Property tests of the endpoints that take input, shared by `api-fuzz.test.ts` (our
 * `/api/*`) and `auth/auth-fuzz.test.ts` (better-auth's `/api/auth/*`): arbitrary JSON, and valid
 * bodies mutated (wrong types, missing and extra keys, huge and odd strings, numbers at the edges,
 * deep nesting, broken JSON), sent as the browser sends them. Whatever arrives, the answer is a 2xx
 * (or a same-origin redirect, where the endpoint redirects) or a 4xx with an error body, and a 4xx
 * writes nothing.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import { z } from "zod";
import { queryRows } from "../db/client.ts";
import { call, cookiesOf, signUp, TEST_ORIGIN, type TestApp } from "./testing.ts";

export const FUZZ_PASSWORD = "correct horse battery";

/**
 * Requests per endpoint. 100 across the ~100 routes that take input keeps each engine's run near
 * 10,000 requests, a minute or two on two cores (a signed-in request costs ~10 ms of CPU): at 300,
 * the whole API's fuzz had grown to 18 minutes of a CI run. `FUZZ_RUNS=1000` is the full check
 * (docs/security.md).
 */
export const FUZZ_RUNS = z.coerce.number().int().min(1).default(100).parse(process.env.FUZZ_RUNS);

/**
 * Tables a 4xx may change. `rate_limits` counts every request, refused ones included (that is its
 * job), and `member_activity` notes a member's first signed-in request of the day, whatever it asks
 * (the admin dashboard's members active); every other table of the `public` schema is watched.
 */
const WRITTEN_BY_EVERY_REQUEST = new Set(["rate_limits", "member_activity"]);

/** A request body: a JSON value, or text that is not JSON at all. */
export type Body = { json: unknown } | { text: string };

const EDGE_NUMBERS = [0, -0, 1, -1, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, 5e-324, Number.MAX_VALUE];

/** Strings that trip up validators, databases and logs: NUL, lone surrogates, look-alikes, SQL, sizes. */
const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff x",
    "\u202e\u200b",
    "Đường Giáp Sắt",
    "％＿＼∖﹪﹨",
    "%_\\",
    "' OR '1'='1",
    "1; DROP TABLE users; --",
    "$1",
    "__proto__",
    "constructor",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "//evil.example/",
    "2030-01-01T00:00:00Z",
    "admin",
    "items",
  ),
  // Past every field's maximum, and past the 32 KB of the query API and the 64 KB of the global limit.
  fc.constantFrom(41, 201, 1_000, 33_000, 70_000).map((length) => "ж".repeat(length)),
);

/**
 * Nesting deeper than any body we read: thousands of levels of arrays or objects. Kept as its depth
 * and written out as text by `toJson`, since `JSON.stringify` (and fast-check's printer) recurse
 * and overflow the stack long before the server's `JSON.parse` does.
 */
class Deep {
  readonly depth: number;
  readonly objects: boolean;
  constructor(depth: number, objects: boolean) {
    this.depth = depth;
    this.objects = objects;
  }
  [fc.toStringMethod]() {
    return `<${this.depth} levels of ${this.objects ? '{"a":' : "["}>`;
  }
  json(): string {
    return this.objects ? `${'{"a":'.repeat(this.depth)}1${"}".repeat(this.depth)}` : `${"[".repeat(this.depth)}1${"]".repeat(this.depth)}`;
  }
}

const deepValue = fc.tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean()).map(([depth, objects]) => new Deep(depth, objects));

/** `JSON.stringify`, with `Deep` values written out; `undefined` (a dropped root) sends no body. */
function toJson(value: unknown): string | undefined {
  if (value instanceof Deep) return value.json();
  if (Array.isArray(value)) return `[${value.map((element) => toJson(element) ?? "null").join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, element]) => `${JSON.stringify(key)}:${toJson(element) ?? "null"}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  oddString,
  fc.constantFrom(...EDGE_NUMBERS),
  fc.double(),
  fc.constantFrom(true, false, null, [], {}),
  deepValue,
);

const extraKey = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom("__proto__", "constructor", "prototype", "role", "uid", "id", "userId", "emailVerified", "banned", "image", "tag"),
);

type Path = (string | number)[];

/** Every place in a JSON value a mutation can hit: the root, then each key or element, depth first. */
function placesIn(value: unknown, at: Path = []): Path[] {
  const places: Path[] = [at];
  if (Array.isArray(value)) value.forEach((element, index) => places.push(...placesIn(element, [...at, index])));
  else if (value !== null && typeof value === "object")
    for (const [key, element] of Object.entries(value)) places.push(...placesIn(element, [...at, key]));
  return places;
}

/** A copy of `value` with `change` applied at `path` (`fromEntries` keeps a `__proto__` key an own key). */
function changeAt(value: unknown, path: Path, change: (found: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) return value.map((element, index) => (index === head ? changeAt(element, rest, change) : element));
  // An earlier mutation may have replaced the container: nothing left to change here.
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, element]) => [
      key,
      key === head ? changeAt(element, rest, change) : element,
    ]),
  );
}

function withKey(container: unknown, key: string, element: unknown): unknown {
  if (container === null || typeof container !== "object" || Array.isArray(container)) return container;
  return Object.fromEntries([...Object.entries(container), [key, element]]);
}

function withoutKey(container: unknown, key: string | number | undefined): unknown {
  if (Array.isArray(container)) return container.filter((_element, index) => index !== key);
  if (container === null || typeof container !== "object") return container;
  return Object.fromEntries(Object.entries(container).filter(([name]) => name !== key));
}

/** One to three mutations of a valid body: a value replaced, a key or element dropped, a key added. */
function mutationsOf(valid: unknown): fc.Arbitrary<unknown> {
  const places = placesIn(valid);
  const inner = places.filter((path) => path.length > 0);
  const replace = fc.tuple(fc.constantFrom(...places), anyValue).map(
    ([path, replacement]) =>
      (body: unknown) =>
        changeAt(body, path, () => replacement),
  );
  const drop = fc
    .constantFrom(...(inner.length > 0 ? inner : places))
    .map((path) => (body: unknown) => changeAt(body, path.slice(0, -1), (container) => withoutKey(container, path.at(-1))));
  const add = fc.tuple(fc.constantFrom(...places), extraKey, anyValue).map(
    ([path, key, element]) =>
      (body: unknown) =>
        changeAt(body, path, (container) => withKey(container, key, element)),
  );
  return fc
    .array(fc.oneof(replace, drop, add), { minLength: 1, maxLength: 3 })
    .map((steps) => steps.reduce((body, step) => step(body), valid));
}

/** Mostly mutated valid bodies, some valid ones (so that writes happen too), arbitrary JSON and text that is not JSON. */
export function bodies(valid: unknown): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 6, arbitrary: mutationsOf(valid).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constant({ json: valid }) },
    { weight: 2, arbitrary: fc.jsonValue().map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.tuple(mutationsOf(valid), fc.nat()).map(([json, cut]) => {
          const text = toJson(json) ?? "";
          return { text: text.slice(0, cut % Math.max(text.length, 1)) };
        }),
        fc.string({ unit: "binary", maxLength: 100 }).map((text) => ({ text })),
        fc.constantFrom("", "{", "[1,]", "{'a':1}", "NaN", "undefined", '{"a":1}{"b":2}', "\ufeff{}").map((text) => ({ text })),
      ),
    },
  );
}

/** A path segment or query value: one of the valid ones, or anything at all, encoded as a browser would. */
export function segment(...valid: string[]): fc.Arbitrary<string> {
  const text = fc
    .oneof(
      { weight: 2, arbitrary: fc.constantFrom(...valid) },
      {
        weight: 1,
        arbitrary: fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), oddString).map((text) => text.slice(0, 1_000)),
      },
    )
    // A browser sends a lone surrogate as U+FFFD; bytes that are not UTF-8 at all come below.
    .map((text) => encodeURIComponent(text.toWellFormed()));
  const bytes = fc
    .uint8Array({ minLength: 1, maxLength: 12 })
    .map((raw) => [...raw].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join(""));
  return fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: bytes });
}

export const queryParam = (name: string, ...valid: string[]) => segment(...valid).map((value) => `${name}=${value}`);

/** As `call` sends it (same origin, `Content-Type: application/json`, the caller's cookie), the body as JSON text we wrote ourselves. */
async function send(t: TestApp, method: string, path: string, body: Body | undefined, cookie: string | undefined): Promise<Response> {
  const text = body && ("json" in body ? toJson(body.json) : body.text);
  const headers: Record<string, string> = { Origin: TEST_ORIGIN };
  if (text !== undefined) headers["Content-Type"] = "application/json";
  if (cookie) headers.Cookie = cookie;
  return t.app.request(`${TEST_ORIGIN}${path}`, { method, headers, body: text });
}

/**
 * Test-only: a row trigger on every table notes the table a statement changed, in the same
 * transaction (a rolled-back write leaves no note). Cheaper than hashing or scanning the tables
 * after each request (one statement instead of one scan per table), and it also sees an update
 * that writes the same values. Returns the tables written since the last call.
 */
export async function watchWrites(t: TestApp): Promise<() => Promise<string[]>> {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  await t.db.execute(sql`create table fuzz_writes (table_name text not null)`);
  await t.db.execute(
    sql.raw(`create function fuzz_note_write() returns trigger language plpgsql as $$
             begin insert into fuzz_writes values (tg_table_name); return null; end $$`),
  );
  for (const { name } of tables.filter(({ name }) => !WRITTEN_BY_EVERY_REQUEST.has(name)))
    await t.db.execute(
      sql.raw(
        `create trigger fuzz_note_write after insert or update or delete on "${name}" for each row execute function fuzz_note_write()`,
      ),
    );
  // One round trip per request: the notes taken, and the rate limits emptied (test-only: the
  // buckets would answer 429 long before the bodies reach validation).
  const take = sql`with cleared as (delete from rate_limits) delete from fuzz_writes returning table_name`;
  return async () => [...new Set((await queryRows<{ table_name: string }>(t.db, take)).map((row) => row.table_name))].sort();
}

/** Accounts made through sign-up, as the browser makes them: each one's cookie, id and address. */
export async function fuzzAccounts<Name extends string>(t: TestApp, names: readonly Name[]) {
  const accounts = {} as Record<Name, { cookie: string; uid: string; email: string }>;
  for (const name of names) {
    const email = `fuzz-${name}@example.vn`;
    const cookie = await signUp(t.app, email, FUZZ_PASSWORD, name);
    const session = await (await call(t.app, "/api/auth/get-session", { cookie })).json();
    accounts[name] = { cookie, uid: session.user.id, email };
  }
  return accounts;
}

export interface FuzzTarget {
  /** The path (and query string) to send to. */
  path: fc.Arbitrary<string>;
  body?: fc.Arbitrary<Body>;
  /** Whose session cookie goes with the request (a new session the answer sets replaces it). */
  session?: { cookie: string };
  /** GET endpoints that answer with a redirect (a mail link's): it must stay on our origin. */
  redirects?: boolean;
}

export type ErrorShape = "ours" | "better-auth";

const SESSION_COOKIE = /better-auth\.session_token=[^;]/;

/**
 * Sends `runs` requests to `route` (`METHOD /path`, as Hono lists it): each answer is a 2xx, or a
 * 4xx with the error body that writes nothing; never a 5xx.
 */
export async function fuzz(
  t: TestApp,
  takeWrites: () => Promise<string[]>,
  route: string,
  target: FuzzTarget,
  errors: ErrorShape,
  runs: number,
) {
  const method = route.split(" ")[0] ?? "GET";
  await takeWrites();
  const request = fc.record({ path: target.path, body: target.body ?? fc.constant(undefined) });
  await fc.assert(
    fc.asyncProperty(request, async ({ path, body }) => {
      const response = await send(t, method, path, body, target.session?.cookie);
      const text = await response.text();
      const written = await takeWrites();
      const { status } = response;
      expect(status, text).toBeGreaterThanOrEqual(200);
      expect(status, text).toBeLessThan(500);
      if (status >= 300 && status < 400) {
        const location = response.headers.get("Location") ?? "";
        expect(target.redirects, `a redirect to ${location}`).toBe(true);
        expect(new URL(location, TEST_ORIGIN).origin).toBe(TEST_ORIGIN);
      }
      if (target.session && SESSION_COOKIE.test(response.headers.get("Set-Cookie") ?? "")) target.session.cookie = cookiesOf(response);
      if (status < 400) return;
      expect(written, `${status} ${text}`).toEqual([]);
      // better-auth answers a path it does not serve (`/reset-password/` with no token) with an empty 404.
      if (errors === "better-auth" && status === 404 && text === "") return;
      const error = JSON.parse(text) as { message?: unknown; error?: { code?: unknown; message?: unknown } } | null;
      const oursShaped = typeof error?.error?.code === "string" && typeof error.error.message === "string";
      // Ours: a code and a message, and `details` where the client explains the refusal (a mute's end, a wait).
      if (errors === "ours") {
        const details = (error?.error as { details?: unknown } | undefined)?.details;
        expect(error, text).toEqual({
          error: {
            code: expect.any(String),
            message: expect.any(String),
            ...(details === undefined ? {} : { details: expect.any(Object) }),
          },
        });
      }
      // better-auth's own shape is `{message}`, with a `code` on most answers (not on "No fields to
      // update"); our guard in front of it (`auth-routes.ts`) answers in ours.
      else expect(typeof error?.message === "string" || oursShaped, text).toBe(true);
    }),
    { numRuns: runs },
  );
}
