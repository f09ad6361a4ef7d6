import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { testEngines } from "../db/testing.ts";
import { createTestApp, socketPeer, type TestApp } from "./testing.ts";

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
    expect(await ready.json()).toEqual({ status: "ready", database: engine });
    await current?.database.connection.close();
    const down = await server.request("/api/ready");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: { code: "unavailable", message: "The database is not reachable." } });
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
