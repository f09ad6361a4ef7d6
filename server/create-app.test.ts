import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HandleDocumentRequestFunction, ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { languageFromRequest } from "../universal/i18n/languages.ts";
import { requestContext } from "../app/shared/request-context.ts";
import { testEngines } from "../db/testing.ts";
import { call, createTestApp, signUp, socketPeer, TEST_ORIGIN, type TestApp } from "./testing.ts";
import { setRole } from "./users/set-role.ts";
import { OPENER_GUARD_COOKIE } from "../universal/security/opener-guard.ts";

describe.each(testEngines)("HTTP app on %s", (engine) => {
  let current: TestApp | undefined;
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });

  async function app(env: Record<string, string> = {}, clientDir?: string) {
    current = await createTestApp(engine, env, { clientDir });
    return current.app;
  }

  it("answers /api/health with security headers and a request id", async () => {
    const response = await (await app()).request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    // Only the opener guard's reload carries it (decision 051).
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("gives every response its own nonce", async () => {
    const server = await app();
    const [a, b] = await Promise.all([server.request("/api/health"), server.request("/api/health")]);
    expect(a.headers.get("Content-Security-Policy")).not.toBe(b.headers.get("Content-Security-Policy"));
  });

  it("sends HSTS over https only, and trusts X-Forwarded-Proto only from a trusted proxy", async () => {
    const server = await app({ TRUST_PROXY: "1" });
    expect((await server.request("https://companion.example/api/health")).headers.get("Strict-Transport-Security")).toContain("max-age=");
    const proxied = await server.request("/api/health", { headers: { "X-Forwarded-Proto": "https" } }, socketPeer("127.0.0.1"));
    expect(proxied.headers.get("Strict-Transport-Security")).toContain("max-age=");
    const stranger = await server.request("/api/health", { headers: { "X-Forwarded-Proto": "https" } }, socketPeer("203.0.113.9"));
    expect(stranger.headers.get("Strict-Transport-Security")).toBeNull();
    await current?.dispose();
    const direct = await app();
    const spoofed = await direct.request("/api/health", { headers: { "X-Forwarded-Proto": "https" } }, socketPeer("127.0.0.1"));
    expect(spoofed.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("reports readiness from the database", async () => {
    const server = await app();
    const ready = await server.request("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "up", bus: "local", degraded: [] });
    await current?.database.connection.close();
    const down = await server.request("/api/ready");
    expect(down.status).toBe(503);
    expect(down.headers.get("Retry-After")).toBe("5");
    expect(await down.json()).toEqual({ status: "unavailable", database: "down", bus: "local", degraded: [] });
  });

  it("answers an unknown API path with a JSON 404 and a stable code", async () => {
    const response = await (await app()).request("/api/nothing-here", { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not-found", message: "No API endpoint at POST /api/nothing-here" } });
  });

  it("serves hashed assets with immutable caching, compressed", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), "client-"));
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "assets", "app-abc123.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
    writeFileSync(join(clientDir, "favicon.ico"), "icon");
    const server = await app({}, clientDir);
    const asset = await server.request("/assets/app-abc123.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("Content-Encoding")).toBe("gzip");
    const icon = await server.request("/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("sends the build's brotli copy of an asset as it is, to browsers that accept brotli", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), "client-"));
    mkdirSync(join(clientDir, "assets"));
    const script = `console.log(${JSON.stringify("y".repeat(4000))});`;
    writeFileSync(join(clientDir, "assets", "app-def456.js"), script);
    writeFileSync(join(clientDir, "assets", "app-def456.js.br"), brotliCompressSync(script));
    const server = await app({}, clientDir);
    const brotli = await server.request("/assets/app-def456.js", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Content-Type")).toMatch(/javascript/);
    expect(brotli.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(script);
    const gzip = await server.request("/assets/app-def456.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
  });
});

const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'";
const ENTRY_SCRIPT = 'import("/assets/entry.js")';
const INJECTED_SCRIPT = "fetch('/steal?'+document.cookie)";
const inlineHash = (source: string) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

/**
 * A React Router build with one page at every path, rendered by a stand-in for `entry.server.tsx`:
 * our inline scripts carry the render's nonce, a guide's content carries a script without one, the
 * page names the viewer and shows its language.
 */
function pagesBuild(): ServerBuild {
  const handleDocument: HandleDocumentRequestFunction = (request, status, headers, routerContext, loadContext) => {
    const { nonce, viewer, captureLoaderData } = loadContext.get(requestContext);
    captureLoaderData?.(routerContext.staticHandlerContext.loaderData);
    headers.set("Content-Type", "text/html; charset=utf-8");
    const html = [
      `<!DOCTYPE html><html lang="${languageFromRequest(request)}"><head><script nonce="${nonce}">${THEME_SCRIPT}</script></head>`,
      `<body><p>${viewer ? `signed in as ${viewer.name}` : "visitor"}</p><article>${"Đá Thần ".repeat(300)}</article>`,
      `<div><script>${INJECTED_SCRIPT}</script></div><script nonce="${nonce}" type="module">${ENTRY_SCRIPT}</script></body></html>`,
    ].join("");
    return new Response(html, { status, headers });
  };
  const route = (id: string) => ({ id, module: `/assets/${id}.js`, hasLoader: false, hasAction: false });
  return {
    entry: { module: { default: handleDocument } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
    },
    assets: {
      version: "pages01",
      url: "/assets/manifest-pages01.js",
      entry: { module: "/assets/entry.js", imports: [] },
      routes: { root: route("root"), page: { ...route("page"), parentId: "root", path: "*" } },
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

describe.each(testEngines)("cached public pages through the whole app on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { build: async () => pagesBuild() });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(`${TEST_ORIGIN}${path}`, { headers }, socketPeer());

  it("answers a visitor the same pre-compressed bytes every time, under a CSP naming only its own scripts' hashes", async () => {
    const first = await get("/mounts", { "Accept-Encoding": "gzip, br" });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Render-Cache")).toBe("miss");
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const second = await get("/mounts", { "Accept-Encoding": "gzip, br" });
    expect(second.headers.get("X-Render-Cache")).toBe("hit");
    expect(second.headers.get("Content-Encoding")).toBe("br");
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    const html = brotliDecompressSync(firstBytes).toString();
    expect(html).toContain("<p>visitor</p>");
    expect(html).not.toContain("nonce");
    const gzip = await get("/mounts", { "Accept-Encoding": "gzip" });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    const identity = await get("/mounts");
    expect(identity.headers.get("Content-Encoding")).toBeNull();
    expect(await identity.text()).toBe(html);

    // No nonce, no 'unsafe-inline', not the injected script: the two scripts the page's own code wrote.
    const csp = (second.headers.get("Content-Security-Policy") ?? "").split("; ");
    expect(csp.find((directive) => directive.startsWith("script-src"))).toBe(
      `script-src 'self' ${inlineHash(THEME_SCRIPT)} ${inlineHash(ENTRY_SCRIPT)}`,
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(second.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(second.headers.get("X-Frame-Options")).toBe("DENY");
    expect(second.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    // No browsing context group of its own (decisions 034, 051)…
    expect(first.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    expect(second.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    // …but when the opener guard loads it again to leave another site's window, the same cached bytes get one.
    const guarded = await get("/mounts", { "Accept-Encoding": "gzip, br", Cookie: `${OPENER_GUARD_COOKIE}=1` });
    expect(guarded.headers.get("X-Render-Cache")).toBe("hit");
    expect(guarded.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  });

  it("marks a visitor's page shareable by caches, varying on encoding and cookies, with no cookie of its own, and answers 304", async () => {
    await get("/class");
    const page = await get("/class", { "Accept-Encoding": "gzip" });
    expect(page.headers.get("X-Render-Cache")).toBe("hit");
    expect(page.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(page.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
    expect(page.headers.get("Set-Cookie")).toBeNull();
    const tag = page.headers.get("ETag") ?? "";
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+-gz"$/);
    const revalidated = await get("/class", { "Accept-Encoding": "gzip", "If-None-Match": tag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(tag);
    expect(revalidated.headers.get("Set-Cookie")).toBeNull();
  });

  it("renders the language of the locale cookie, never of Accept-Language, so caches need not vary on it", async () => {
    const english = await get("/mounts", { Cookie: "locale=en-US" });
    expect(await english.text()).toContain('<html lang="en-US">');
    const askedInEnglish = await get("/mounts", { "Accept-Language": "en-US,en;q=0.9" });
    expect(await askedInEnglish.text()).toContain('<html lang="vi">');
  });

  it("keeps a visitor's feed like any cached page, and renders it again once a post or comment is written or hidden, not for a like (decision 035)", async () => {
    const writer = await signUp(t.app, "feed-pages@example.vn", "correct horse battery", "Minh Viết");
    const reader = await signUp(t.app, "feed-reader@example.vn", "correct horse battery", "Lan Đọc");
    const moderatorCookie = await signUp(t.app, "feed-mod@example.vn", "correct horse battery", "Hải Kiểm");
    await setRole(t.db, { email: "feed-mod@example.vn" }, "moderator");
    const cachedAgain = async (path: string) => {
      const answer = await get(path);
      await answer.arrayBuffer();
      return answer.headers.get("X-Render-Cache");
    };
    await get("/feed");
    const hit = await get("/feed");
    expect(hit.headers.get("X-Render-Cache")).toBe("hit");
    expect(hit.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(hit.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    const member = await call(t.app, "/feed", { cookie: reader });
    expect(member.headers.get("X-Render-Cache")).toBeNull();
    // A member's page too goes without (decision 051), unless the opener guard asks for it.
    expect(member.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    const guarded = await call(t.app, "/feed", { cookie: `${reader}; ${OPENER_GUARD_COOKIE}=1` });
    expect(guarded.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");

    const posted = await call(t.app, "/api/feed/posts", { cookie: writer, body: { body: "Bài mới cho khách", lang: "vi" } });
    expect(posted.status).toBe(201);
    const { id } = ((await posted.json()) as { data: { id: number } }).data;
    expect(await cachedAgain("/feed")).toBe("miss");
    expect(await cachedAgain("/")).toBe("miss");
    expect(await cachedAgain(`/feed?id=${id}`)).toBe("miss");
    expect(await cachedAgain(`/feed?id=${id}`)).toBe("hit");

    expect((await call(t.app, `/api/feed/posts/${id}/like`, { method: "POST", cookie: reader })).status).toBe(200);
    expect(await cachedAgain(`/feed?id=${id}`)).toBe("hit");
    expect((await call(t.app, `/api/feed/posts/${id}/comments`, { cookie: reader, body: { body: "Hay quá" } })).status).toBe(201);
    expect(await cachedAgain(`/feed?id=${id}`)).toBe("miss");
    // A refused write changes nothing.
    expect(
      (await call(t.app, `/api/feed/posts/${id}`, { method: "PATCH", cookie: reader, body: { body: "Không phải bài của tôi" } })).status,
    ).toBe(403);
    expect(await cachedAgain(`/feed?id=${id}`)).toBe("hit");

    // Hidden through the moderation queue: the next visitor's page is rendered again.
    const report = await call(t.app, "/api/reports", { cookie: reader, body: { kind: "post", id: String(id), reason: "spam" } });
    expect(report.status).toBe(201);
    const reportId = ((await report.json()) as { data: { id: number } }).data.id;
    expect(await cachedAgain(`/feed?id=${id}`)).toBe("hit");
    const resolved = await call(t.app, `/api/reports/${reportId}/resolve`, { cookie: moderatorCookie, body: { action: "hide" } });
    expect(resolved.status).toBe(200);
    expect(await cachedAgain(`/feed?id=${id}`)).toBe("miss");
  });

  it("never lets a cache keep a signed-in answer, nor lets it into the visitors' copy", async () => {
    const cookie = await signUp(t.app, "pages@example.vn", "correct horse battery", "Ngọc Lan");
    await get("/guide");
    const signedIn = await call(t.app, "/guide", { cookie });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain("signed in as Ngọc Lan");
    expect(signedIn.headers.get("Cache-Control")).toBe("no-store");
    expect(signedIn.headers.get("X-Render-Cache")).toBeNull();
    expect(signedIn.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}';/);
    expect(signedIn.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    const visitor = await get("/guide");
    expect(visitor.headers.get("X-Render-Cache")).toBe("hit");
    expect(await visitor.text()).not.toContain("Ngọc Lan");
  });
});
