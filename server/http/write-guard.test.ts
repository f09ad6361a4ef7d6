import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUp, silentLogger, socketPeer, TEST_ORIGIN, type TestApp } from "../testing.ts";
import { setRole } from "../users/set-role.ts";

const EVIL = "https://evil.example";

/** A concrete path for a route pattern (`/api/admin/users/:uid/role`, `/api/auth/*`). */
function concrete(path: string, uid: string): string {
  return path.replace(":uid", uid).replace(":kind", "items").replace(":id", "iron-sword").replace(/\*$/, "update-user");
}

describe.each(testEngines)("the write guard on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let adminUid: string;
  let victimUid: string;

  const raw = (path: string, init: { method: string; headers?: Record<string, string>; body?: BodyInit; cookie?: string }) =>
    t.app.request(
      `${TEST_ORIGIN}${path}`,
      { method: init.method, headers: { ...init.headers, ...(init.cookie ? { Cookie: init.cookie } : {}) }, body: init.body },
      socketPeer(),
    );
  const roleOf = async (uid: string) => (await t.db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, uid)))[0]?.role;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
    admin = await signUp(t.app, "admin@example.vn");
    adminUid = (await (await call(t.app, "/api/auth/get-session", { cookie: admin })).json()).user.id;
    await setRole(t.db, { uid: adminUid }, "admin");
    await signUp(t.app, "victim@example.vn");
    const [victim] = await t.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, "victim@example.vn"));
    victimUid = victim?.id ?? "";
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const writeRoutes = () =>
    [
      ...new Map(
        t.app.routes
          .filter((route) => !["GET", "HEAD", "OPTIONS", "ALL"].includes(route.method) && !route.path.startsWith("/api/v1/"))
          .map((route) => [`${route.method} ${route.path}`, route]),
      ).values(),
    ].map((route) => ({ method: route.method, path: concrete(route.path, victimUid) }));

  it("guards every state-changing route the app serves, by being mounted", async () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(8);
    for (const { method, path } of routes) {
      const foreign = await raw(path, { method, cookie: admin, headers: { Origin: EVIL, "Content-Type": "application/json" }, body: "{}" });
      expect(foreign.status, `${method} ${path} from ${EVIL}`).toBe(403);
      expect(await foreign.json()).toEqual({ error: { code: "forbidden", message: expect.any(String) } });
      const plain = await raw(path, { method, cookie: admin, headers: { Origin: TEST_ORIGIN, "Content-Type": "text/plain" }, body: "{}" });
      expect(plain.status, `${method} ${path} as text/plain`).toBe(415);
      expect((await plain.json()).error.code).toBe("unsupported-media-type");
    }
  });

  it("refuses another site's text/plain form that would make an admin promote someone, and changes nothing", async () => {
    const forged = await raw(`/api/admin/users/${victimUid}/role`, {
      method: "POST",
      cookie: admin,
      headers: { Origin: EVIL, "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ role: "admin" }),
    });
    expect(forged.status).toBe(403);
    // The same form from a sibling page that hides its origin is refused by Sec-Fetch-Site alone.
    const hidden = await raw(`/api/admin/users/${victimUid}/role`, {
      method: "POST",
      cookie: admin,
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ role: "admin" }),
    });
    expect(hidden.status).toBe(403);
    // Sandboxed frames and data: URLs send `Origin: null`.
    const opaque = await raw(`/api/admin/users/${victimUid}/role`, {
      method: "POST",
      cookie: admin,
      headers: { Origin: "null", "Content-Type": "application/json" },
      body: JSON.stringify({ role: "admin" }),
    });
    expect(opaque.status).toBe(403);
    const plain = await raw(`/api/admin/users/${victimUid}/role`, {
      method: "POST",
      cookie: admin,
      headers: { Origin: TEST_ORIGIN, "Content-Type": "text/plain" },
      body: JSON.stringify({ role: "admin" }),
    });
    expect(plain.status).toBe(415);
    expect(await roleOf(victimUid)).toBe("user");
  });

  it("lets the site's own pages and API clients without Origin write", async () => {
    const own = await call(t.app, `/api/admin/users/${victimUid}/role`, { body: { role: "moderator" }, cookie: admin });
    expect(own.status).toBe(200);
    const script = await raw("/api/profile", {
      method: "PATCH",
      cookie: admin,
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ displayName: "Quản trị" }),
    });
    expect(script.status).toBe(200);
    const sameOrigin = await raw("/api/favorites/items/iron-sword", {
      method: "PUT",
      cookie: admin,
      headers: { Origin: TEST_ORIGIN, "Sec-Fetch-Site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);
    expect(await roleOf(victimUid)).toBe("moderator");
  });

  it("takes multipart only where a route takes files", async () => {
    const form = new FormData();
    form.set("photo", new File([new Uint8Array([1, 2, 3])], "x.png", { type: "image/png" }));
    const photo = await call(t.app, "/api/profile/photo", { body: form, cookie: admin });
    expect(photo.status).toBe(400); // reached the route: not an image
    const profileForm = new FormData();
    profileForm.set("displayName", "Form");
    const profile = await call(t.app, "/api/profile", { method: "PATCH", body: profileForm, cookie: admin });
    expect(profile.status).toBe(415);
  });

  it("keeps the public data API open to other sites", async () => {
    const response = await raw("/api/v1/query", {
      method: "POST",
      headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      body: JSON.stringify({ collection: "items", limit: 1 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});

describe.each(testEngines)("request bodies on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const big = (bytes: number) => JSON.stringify({ kind: "items", id: "x".repeat(bytes) });
  const streamed = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let offset = 0; offset < bytes.length; offset += 8192) controller.enqueue(bytes.subarray(offset, offset + 8192));
        controller.close();
      },
    });

  it.each(["/api/views", "/api/auth/sign-in/email", "/api/profile/sync", "/api/no-such-route"])(
    "refuses a declared body over 64 KB with 413 on %s",
    async (path) => {
      const body = big(70 * 1024);
      const response = await t.app.request(
        `${TEST_ORIGIN}${path}`,
        {
          method: "POST",
          headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", "Content-Length": String(body.length) },
          body,
        },
        socketPeer(),
      );
      expect(response.status).toBe(413);
      expect((await response.json()).error.code).toBe("payload-too-large");
    },
  );

  it("refuses a chunked body as it crosses 64 KB, and takes one below it", async () => {
    const request = (text: string) =>
      t.app.request(
        `${TEST_ORIGIN}/api/views`,
        {
          method: "POST",
          headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
          body: streamed(text),
          duplex: "half",
        } as RequestInit,
        socketPeer(),
      );
    expect((await request(big(200 * 1024))).status).toBe(413);
    expect((await request(JSON.stringify({ kind: "items", id: "iron-sword" }))).status).toBe(404);
  });

  it("lets a photo keep its own, larger limit", async () => {
    const cookie = await signUp(t.app, "photo@example.vn");
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(300 * 1024)], "big.png", { type: "image/png" }));
    const response = await call(t.app, "/api/profile/photo", { body: form, cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/PNG, JPEG or WebP/);
  });
});
