import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { ensureContent } from "../content/content-store.ts";
import { createTestApp, silentLogger, type TestApp } from "../testing.ts";

const fakeBuild = {
  assets: {
    version: "feedc0de",
    url: "/assets/manifest-feedc0de.js",
    entry: { module: "/assets/entry.client-a.js", imports: ["/assets/chunk-b.js"] },
    routes: { root: { id: "root", module: "/assets/root-c.js", css: ["/assets/root-d.css"] } },
  },
} as unknown as ServerBuild;

describe.each(testEngines)("delivery endpoints on %s", (engine) => {
  let current: TestApp | undefined;
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  const app = async () => {
    current = await createTestApp(engine, {}, { build: async () => fakeBuild });
    return current.app;
  };

  it("announces the latest build, never cached, and its manifest, cached for good", async () => {
    const server = await app();
    const latest = await server.request("/builds/latest.json?1700000000000");
    expect(latest.headers.get("Cache-Control")).toBe("no-cache");
    const info = (await latest.json()) as { id: string; timestamp: number };
    expect(info.id).toBe("feedc0de");
    expect(typeof info.timestamp).toBe("number");
    const meta = await server.request(`/builds/meta/${info.id}.json`);
    expect(meta.status).toBe(200);
    expect(meta.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = (await meta.json()) as { id: string; matcher: { exact: Record<string, unknown> }; prerendered: string[] };
    expect(body.id).toBe("feedc0de");
    expect(body.matcher.exact["/mounts/detail"]).toEqual({ prerender: true });
    expect(body.prerendered).toContain("/equipments-items/detail");
    const other = await server.request("/builds/meta/0ldbu1ld.json");
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: "not-found" } });
  });

  it("serves a worker naming this build and its files, and a manifest in the visitor's language", async () => {
    const server = await app();
    const worker = await server.request("/sw.js");
    expect(worker.headers.get("Content-Type")).toContain("javascript");
    expect(worker.headers.get("Cache-Control")).toBe("no-cache");
    const script = await worker.text();
    const config = JSON.parse(script.slice("const CONFIG = ".length, script.indexOf(";\n"))) as { buildId: string; precache: string[] };
    expect(config.buildId).toBe("feedc0de");
    expect(config.precache).toEqual(
      expect.arrayContaining(["/builds/meta/feedc0de.json", "/assets/entry.client-a.js", "/assets/root-d.css"]),
    );
    expect(script).toContain('self.addEventListener("fetch"');

    const vi = (await (await server.request("/manifest.webmanifest")).json()) as Record<string, unknown>;
    expect(vi).toMatchObject({ lang: "vi", display: "standalone", theme_color: "#F15A22", start_url: "/" });
    expect(vi.name).toContain("Minithings Companion");
    const icons = vi.icons as { sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    const en = (await (await server.request("/manifest.webmanifest", { headers: { Cookie: "locale=en-US" } })).json()) as Record<
      string,
      unknown
    >;
    expect(en.lang).toBe("en-US");
    expect(en.name).not.toBe(vi.name);
  });

  it("lists every public page and catalog entry in both languages, and closes personal pages to robots", async () => {
    const server = await app();
    await ensureContent(current!.db, silentLogger);
    const robots = await (await server.request("http://localhost:4040/robots.txt")).text();
    expect(robots).toContain("Disallow: /me\n");
    expect(robots).toContain("Disallow: /admin\n");
    expect(robots).toContain("Sitemap: http://localhost:4040/sitemap.xml");
    const sitemap = await (await server.request("http://localhost:4040/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>http://localhost:4040/mounts</loc>");
    expect(sitemap).toContain("<loc>http://localhost:4040/mounts?lang=en-US</loc>");
    expect(sitemap).toContain('hreflang="en-US"');
    expect(sitemap).toMatch(/<loc>http:\/\/localhost:4040\/equipments-items\/detail\?id=[a-z0-9-]+<\/loc>/);
    expect(sitemap).not.toContain("/me/");
  });
});
