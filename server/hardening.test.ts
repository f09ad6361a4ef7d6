import { mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { devOutbox, rateLimits, settings } from "../db/schema/index.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "../db/testing.ts";
import { resolveAuthSecret, SECRET_FILE } from "./auth/auth-secret.ts";
import sharp from "sharp";
import { RATE_RULES } from "./auth/rate-limit.ts";
import { loadConfig } from "./config.ts";
import { currentMapSvg, mapUrl } from "./content/districts.ts";
import { ensureContent } from "./content/content-store.ts";
import { createLogger } from "./logger.ts";
import { clearOutboxUnlessKept } from "./mail/mailer.ts";
import { SVG_CONTENT_SECURITY_POLICY } from "./security-headers.ts";
import { publicOrigin, trustedOrigins } from "./services.ts";
import { ICON_SPRITE } from "../universal/content/icon-sprite.ts";
import { call, createTestApp, signUp, silentLogger, socketPeer, type TestApp } from "./testing.ts";

describe.each(testEngines)("reset tokens stay out of logs and pages on %s", (engine) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { logger: createLogger("debug", {}, (line) => lines.push(line)) });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("logs neither a reset mail's text nor the reset link's path, and keeps no outbox without MAIL_OUTBOX", async () => {
    await t.db.insert(devOutbox).values({ to: "old@example.vn", subject: "kept earlier", text: "a live link", html: "", createdAt: 1 });
    // A restart with the outbox off drops what an earlier run kept.
    await clearOutboxUnlessKept(t.db, loadConfig({}).MAIL_OUTBOX);
    await signUp(t.app, "reset@example.vn");
    lines.length = 0;
    const asked = await call(t.app, "/api/auth/request-password-reset", { body: { email: "reset@example.vn", redirectTo: "/login" } });
    expect(asked.status).toBe(200);
    expect(await t.db.select().from(devOutbox)).toEqual([]);
    const log = lines.join("\n");
    expect(log).toContain("mail not sent");
    expect(log).not.toMatch(/reset-password\/[A-Za-z0-9_-]{8,}/);
    expect(log).not.toContain("callbackURL");

    // Opening a reset link is logged with its token blanked.
    lines.length = 0;
    await call(t.app, "/api/auth/reset-password/Tok3nThatIsLive?callbackURL=%2Flogin");
    const request = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === "request");
    expect(request?.path).toBe("/api/auth/reset-password/[redacted]");
    expect(lines.join("\n")).not.toContain("Tok3nThatIsLive");
  });
});

describe("the secret that signs sessions", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("lives in a 0600 file beside the embedded database, never in the database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "minithings-secret-"));
    const first = await resolveAuthSecret(database.connection.db, { dataDir });
    const file = join(dataDir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveAuthSecret(database.connection.db, { dataDir })).toBe(first);
    expect(await database.connection.db.select().from(settings)).toEqual([]);
    chmodSync(file, 0o644);
    await resolveAuthSecret(database.connection.db, { dataDir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("moves a secret an earlier version kept in the database into the file, so sessions survive", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "minithings-secret-"));
    const legacy = "an-old-secret-kept-in-settings-0123456789";
    await database.connection.db.insert(settings).values({ key: "authSecret", value: legacy });
    expect(await resolveAuthSecret(database.connection.db, { dataDir })).toBe(legacy);
    expect(await database.connection.db.select().from(settings)).toEqual([]);
    expect(readFileSync(join(dataDir, SECRET_FILE), "utf8").trim()).toBe(legacy);
  });

  it("refuses a file that holds no usable secret", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "minithings-secret-"));
    writeFileSync(join(dataDir, SECRET_FILE), "short\n", { mode: 0o600 });
    await expect(resolveAuthSecret(database.connection.db, { dataDir })).rejects.toThrow(/no usable secret/);
  });

  it("uses AUTH_SECRET when it is set, and removes any copy from the database", async () => {
    await database.connection.db.insert(settings).values({ key: "authSecret", value: "x".repeat(40) });
    expect(await resolveAuthSecret(database.connection.db, { configured: "y".repeat(40) })).toBe("y".repeat(40));
    expect(await database.connection.db.select().from(settings)).toEqual([]);
  });
});

describe("the public origin", () => {
  it("is PUBLIC_URL, else the address the server listens on, never a request's Host", () => {
    expect(publicOrigin({ PUBLIC_URL: "https://companion.example/", HOST: "0.0.0.0", PORT: 4040 })).toBe("https://companion.example");
    expect(publicOrigin({ HOST: "127.0.0.1", PORT: 4040 })).toBe("http://localhost:4040");
    expect(publicOrigin({ HOST: "0.0.0.0", PORT: 8080 })).toBe("http://localhost:8080");
    expect(publicOrigin({ HOST: "192.168.1.20", PORT: 4040 })).toBe("http://192.168.1.20:4040");
    expect(publicOrigin({ HOST: "fd00::5", PORT: 4040 })).toBe("http://[fd00::5]:4040");
    expect(trustedOrigins({ PUBLIC_URL: "https://companion.example", HOST: "0.0.0.0", PORT: 4040 })).toEqual([
      "https://companion.example",
      "http://localhost:4040",
      "http://127.0.0.1:4040",
    ]);
  });
});

describe.each(testEngines)("caching, hosts and SVG files on %s", (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
    cookie = await signUp(t.app, "cache@example.vn");
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("marks every signed-in answer no-store, and keeps public answers cacheable", async () => {
    for (const path of ["/api/profile", "/api/favorites", "/api/auth/get-session", "/api/profile/export", "/api/no-such-route"]) {
      const response = await call(t.app, path, { cookie });
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
    }
    expect((await call(t.app, "/api/auth/get-session")).headers.get("Cache-Control")).toBe("no-store");
    const publicEntry = await call(t.app, "/api/v1/items/iron-sword", { cookie });
    expect(publicEntry.headers.get("Cache-Control")).toMatch(/public/);
    const anonymous = await call(t.app, "/api/v1/items/iron-sword");
    expect(anonymous.headers.get("Cache-Control")).toMatch(/public/);
  });

  it("names the server's own address in robots.txt and the sitemap whatever Host the request carries", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml"]) {
      const response = await t.app.request(`http://evil.example${path}`, { headers: { Host: "evil.example" } }, socketPeer());
      const text = await response.text();
      expect(text, path).toContain("http://localhost:4040/");
      expect(text, path).not.toContain("evil.example");
    }
  });

  it("serves the world map and icons under a CSP that forbids scripts, with a sandbox", async () => {
    const map = await currentMapSvg(t.db);
    expect(map).not.toBeNull();
    const mapResponse = await call(t.app, mapUrl(map?.version ?? ""));
    expect(mapResponse.status).toBe(200);
    expect(mapResponse.headers.get("Content-Security-Policy")).toBe(SVG_CONTENT_SECURITY_POLICY);
    expect(SVG_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const icon = await call(t.app, "/icons/game-icons/crossed-swords.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("Content-Security-Policy")).toBe(SVG_CONTENT_SECURITY_POLICY);
    expect((await call(t.app, "/api/health")).headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
  });

  it("serves the icons pages draw as cached WebP images, and 404 for an icon the set lacks", async () => {
    const icon = await call(t.app, "/icons/game-icons/crossed-swords.webp");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("Content-Type")).toBe("image/webp");
    expect(icon.headers.get("Cache-Control")).toBe("public, max-age=604800");
    expect(new TextDecoder().decode((await icon.arrayBuffer()).slice(8, 12))).toBe("WEBP");
    expect((await call(t.app, "/icons/game-icons/no-such-icon.webp")).status).toBe(404);
  });

  it("serves a page's icons as one cached strip, a tile per icon, and 404 for a list it never writes", async () => {
    const sprite = await call(t.app, "/icons/sprite.webp?i=crossed-swords.ring.no-such-icon");
    expect(sprite.status).toBe(200);
    expect(sprite.headers.get("Content-Type")).toBe("image/webp");
    expect(sprite.headers.get("Cache-Control")).toBe("public, max-age=604800");
    const { width, height } = await sharp(Buffer.from(await sprite.arrayBuffer())).metadata();
    expect([width, height]).toEqual([ICON_SPRITE.tilePx, ICON_SPRITE.stridePx * 3]);
    for (const bad of ["", "?i=", "?i=ring.ring", "?i=Ring", "?i=a..b"])
      expect((await call(t.app, `/icons/sprite.webp${bad}`)).status).toBe(404);
  });
});

describe.each(testEngines)("the search budget on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("answers 429 with Retry-After once an address has spent its searches, and only to that address", async () => {
    expect((await call(t.app, "/api/v1/search?q=giap", { peer: "198.51.100.1" })).status).toBe(200);
    await t.db.update(rateLimits).set({ count: RATE_RULES.search.max }).where(eq(rateLimits.key, "search:198.51.100.1"));
    const refused = await call(t.app, "/api/v1/search?q=giap", { peer: "198.51.100.1" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe("resource-exhausted");
    expect((await call(t.app, "/api/v1/search?q=giap", { peer: "198.51.100.2" })).status).toBe(200);
    // Searching members spends from the same budget; listing them without a query does not.
    expect((await call(t.app, "/api/users?q=tuan", { peer: "198.51.100.1" })).status).toBe(429);
    expect((await call(t.app, "/api/users", { peer: "198.51.100.1" })).status).toBe(200);
    // Sign-in is not in that bucket.
    expect(
      (await call(t.app, "/api/auth/sign-in/email", { body: { email: "a@example.vn", password: "wrong-password" }, peer: "198.51.100.1" }))
        .status,
    ).toBe(401);
  });
});
