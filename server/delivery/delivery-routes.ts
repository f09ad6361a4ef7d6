/**
 * Delivery endpoints: the build manifest (`/builds/latest.json`, `/builds/meta/{buildId}.json`),
 * the service worker, the web app manifest, `robots.txt` and `sitemap.xml`.
 */
import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { languageFromRequest } from "../../universal/i18n/languages.ts";
import { createRouteMatcher, prerenderedPaths, routeRules } from "../../universal/delivery/route-rules.ts";
import { WEB_MANIFEST_PATH } from "../../universal/delivery/service-worker-protocol.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { describeBuild, shellAssets, type BuildInfo } from "./build-info.ts";
import { robotsTxt, sitemapXml } from "./seo.ts";
import { serviceWorkerScript } from "./service-worker.ts";
import { webManifest } from "./web-manifest.ts";

const NO_CACHE = "no-cache";
const IMMUTABLE = "public, max-age=31536000, immutable";
const buildIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export interface DeliveryOptions {
  db: Database;
  /** The app's title as the settings say now. */
  appTitle: () => string;
  /** The build being served (a getter in development, where it changes with edits). */
  build: () => Promise<ServerBuild>;
  clientDir?: string;
  /** Where the site is reached (`publicOrigin`): robots.txt and the sitemap name it, never a request's Host. */
  origin: string;
}

/** The build being served, described once per build object. */
export function buildDescriber(
  build: () => Promise<ServerBuild>,
  clientDir: string | undefined,
): () => Promise<BuildInfo & { build: ServerBuild }> {
  const known = new WeakMap<ServerBuild, BuildInfo>();
  return async () => {
    const current = await build();
    let info = known.get(current);
    if (!info) {
      info = describeBuild(current, clientDir);
      known.set(current, info);
    }
    return { ...info, build: current };
  };
}

export function deliveryRoutes({ db, appTitle, build, clientDir, origin }: DeliveryOptions) {
  const app = new Hono<AppEnv>();
  const currentBuild = buildDescriber(build, clientDir);

  app.get("/builds/latest.json", async (c) => {
    const { id, timestamp } = await currentBuild();
    c.header("Cache-Control", NO_CACHE);
    return c.json({ id, timestamp });
  });

  app.get("/builds/meta/:file{[^/]+\\.json}", async (c) => {
    const requested = buildIdParam.safeParse(c.req.param("file").replace(/\.json$/, ""));
    const { id, timestamp } = await currentBuild();
    // Only this server's build is known: an older build's manifest is gone with its files.
    if (!requested.success || requested.data !== id) {
      const failure = new AppError("not-found", `No build manifest for ${c.req.param("file")}`);
      c.header("Cache-Control", NO_CACHE);
      return c.json(failure.toJSON(), failure.status);
    }
    c.header("Cache-Control", IMMUTABLE);
    return c.json({ id, timestamp, matcher: createRouteMatcher(routeRules), prerendered: prerenderedPaths() });
  });

  app.get("/sw.js", async (c) => {
    const { id, build: current } = await currentBuild();
    return c.body(serviceWorkerScript(id, shellAssets(current)), 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": NO_CACHE,
    });
  });

  app.get(WEB_MANIFEST_PATH, (c) =>
    c.body(JSON.stringify(webManifest(appTitle(), languageFromRequest(c.req.raw))), 200, {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": NO_CACHE,
      Vary: "Cookie",
    }),
  );

  app.get("/robots.txt", (c) =>
    c.body(robotsTxt(origin), 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  );

  app.get("/sitemap.xml", async (c) =>
    c.body(await sitemapXml(db, origin), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    }),
  );

  return { app, currentBuild };
}
