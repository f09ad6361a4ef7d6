import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { ChunkingContext, OutputChunk } from "rolldown";
import { defineConfig, type Plugin } from "vite";

/**
 * React Router reloads the page whenever a route module fails to import, with no guard: a chunk
 * that keeps failing reloads on every attempt. This routes that one reload through the app's
 * reload-loop guard (`app/shared/delivery/reload-guard.ts`); the build fails if React Router's
 * code changed shape, so the patch cannot silently stop applying.
 */
function guardRouteModuleReload(): Plugin {
  const file = /react-router\/dist\/(production|development)\/lib\/dom\/ssr\/routeModules\.js$/;
  const original = "window.location.reload();";
  const guarded =
    'if (typeof window.__minithingsChunkFailed !== "function") window.location.reload(); else if (!window.__minithingsChunkFailed(error)) throw error;';
  return {
    name: "minithings:guard-route-module-reload",
    transform(code, id) {
      if (!file.test(id)) return;
      if (!code.includes(original)) this.error(`React Router's route-module loader changed: ${id} no longer calls ${original}`);
      return { code: code.replace(original, guarded), map: null };
    },
  };
}

/** The route modules every page loads: the root and the default layout. */
const SHELL_ENTRIES = /[\\/]app[\\/](root|layouts[\\/]default)\.tsx$/;

/** Whether the shell imports a module statically, at any depth. */
function inShell(id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (SHELL_ENTRIES.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => inShell(importer, ctx, seen));
}

/** The client entry: it imports no React (decision 038). */
const CLIENT_ENTRY = /[\\/]app[\\/]entry\.client\.tsx$/;

/**
 * The modules an islands document's plain islands import on demand, without React: the delivery
 * background and the auth state (the page's runtimes), a visitor's feed notice and the socket client it
 * listens through (decision 039), and a member's bell with the feed it follows and its browser alerts
 * (decision 042).
 */
const PLAIN_ON_DEMAND_MODULES = [
  "features/delivery/delivery-background",
  "shared/auth/auth-runtime",
  "shared/realtime/socket-client",
  "features/feed/feed-live-notice",
  "features/notifications/unread-bell",
  "features/notifications/notification-feed",
  "features/notifications/browser-notifications",
  "features/notifications/permission-panel",
  "features/notifications/notification-list",
  "features/tax/tax-ledger-actions",
  "features/offers/offer-live",
  "features/chat/chat-room",
];
const PLAIN_ON_DEMAND = new RegExp(
  `[\\\\/]app[\\\\/](${PLAIN_ON_DEMAND_MODULES.map((path) => path.replaceAll("/", "[\\\\/]")).join("|")})\\.ts$`,
);

/** Whether a module matching `root` imports `id` statically, at any depth (or is it). */
function importedBy(root: RegExp, id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (root.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => importedBy(root, importer, ctx, seen));
}

const APP_CODE = /[\\/](app|universal)[\\/]/;

/**
 * The app code the client entry imports goes in one `boot` chunk, whatever else imports it too: left to
 * the other groups, a module the shell also imports would land in `shared`, and the entry would then
 * load `shared` and, through it, React (decision 038).
 */
function bootChunk(id: string, ctx: ChunkingContext): string | null {
  return APP_CODE.test(id) && !CLIENT_ENTRY.test(id) && importedBy(CLIENT_ENTRY, id, ctx) ? "boot" : null;
}

/**
 * What the plain runtimes load on demand, with their shared code, in one `background` chunk without
 * React: a page loads it once as it settles, where a chunk per runtime made a member's page fetch six to
 * nine small files after its load, each a dozen tasks on the phone's main thread (issue 42).
 */
function backgroundChunk(id: string, ctx: ChunkingContext): string | null {
  return APP_CODE.test(id) && importedBy(PLAIN_ON_DEMAND, id, ctx) ? "background" : null;
}

/**
 * Fails the build if the client entry, or what its plain runtimes load on demand, loads React after all
 * (an import added to one of their modules that pulls in a React module): every visitor's page would
 * load it again as it loads (decision 038).
 */
function entryWithoutReact(): Plugin {
  return {
    name: "minithings:entry-without-react",
    applyToEnvironment: (environment) => environment.name === "client",
    apply: "build",
    generateBundle(_options, bundle) {
      // The entry's chunk, and the one `background` chunk that holds every module plain islands load on demand.
      const starts = Object.values(bundle).filter(
        (output): output is OutputChunk =>
          output.type === "chunk" && output.moduleIds.some((id) => CLIENT_ENTRY.test(id) || PLAIN_ON_DEMAND.test(id)),
      );
      const background = starts.filter((chunk) => chunk.name === "background");
      const plainIn = background.flatMap((chunk) => chunk.moduleIds.filter((id) => PLAIN_ON_DEMAND.test(id)));
      if (starts.length !== 2 || background.length !== 1 || plainIn.length !== PLAIN_ON_DEMAND_MODULES.length)
        return this.error(
          `expected the client entry and one background chunk with the ${PLAIN_ON_DEMAND_MODULES.length} plain on-demand modules, found ${starts
            .map((chunk) => chunk.fileName)
            .join(", ")} (${plainIn.length} of them in background)`,
        );
      const seen = new Set<string>();
      const visit = (file: string, from: "entry" | "plain") => {
        if (seen.has(file)) return;
        seen.add(file);
        const chunk = bundle[file];
        if (chunk?.type !== "chunk") return;
        const react = chunk.moduleIds.find((id) => /node_modules[\\/](react|react-dom|react-router)[\\/]/.test(id));
        if (react)
          this.error(
            `the client entry loads ${file}, which holds ${react}: the entry and its plain runtimes must import no React (decision 038)`,
          );
        // Zod too: a module-level schema in a module the socket client imports put 25 KB of it in every member's page (decision 042).
        const zod = chunk.moduleIds.find((id) => /node_modules[\\/]zod[\\/]/.test(id));
        if (zod)
          this.error(`the client entry or its plain runtimes load ${file}, which holds ${zod}: they must import no Zod (decision 042)`);
        chunk.imports.forEach((next) => visit(next, from));
        // What a plain runtime imports later (the bell's feed, its browser alerts) is plain too; the
        // entry's own dynamic imports are the islands, which may load React.
        if (from === "plain") chunk.dynamicImports.forEach((next) => visit(next, from));
      };
      for (const start of starts)
        visit(start.fileName, start.type === "chunk" && start.moduleIds.some((id) => CLIENT_ENTRY.test(id)) ? "entry" : "plain");
    },
  };
}

/** The app code of the shell goes in one `shared` chunk that every page loads (decision 015). */
function shellChunk(id: string, ctx: ChunkingContext): string | null {
  return /[\\/]app[\\/]/.test(id) && !SHELL_ENTRIES.test(id) && inShell(id, ctx) ? "shared" : null;
}

/**
 * The chunks every page has loaded before any of its code can import another: the entry, its `boot`
 * chunk, and the framework and the shell (a page hydrated by React Router loads them with its route
 * modules; an islands document preloads them itself with its first island that hydrates, decision 038).
 * A dynamic import (an island, a widget) need not preload them: each preload would be one more `<link>`
 * in the head for a module that already ran (decision 025). The bundler's runtime is not among them: a
 * page of plain islands has not loaded it when it imports `background`, which needs it, and preloaded
 * beside it, it comes with it rather than after it (decision 053).
 */
const ALWAYS_LOADED = /(^|\/)assets\/(entry\.client|boot|framework|shared)-[\w-]+\.js$/;

const COMPRESSIBLE = /\.(js|css)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of the client build's scripts and stylesheets (fonts are compressed already), written once at
 * build time: the server sends them as they are (`serveStatic({ precompressed: true })`), smaller than
 * compressing on the fly and with no work per request.
 */
function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "minithings:precompress-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    apply: "build",
    configResolved(config) {
      outDir = config.environments.client?.build.outDir ?? config.build.outDir;
    },
    closeBundle() {
      const assets = join(outDir, "assets");
      for (const name of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const content = readFileSync(join(assets, name));
        writeFileSync(join(assets, `${name}.br`), brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(assets, `${name}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), guardRouteModuleReload(), entryWithoutReact(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)) },
        rolldownOptions: {
          output: {
            // A chunk some pages share is named by every page that uses it: a long name that each importer repeats.
            chunkFileNames: (chunk) => (chunk.name.startsWith("pages~") ? "assets/p-[hash].js" : "assets/[name]-[hash].js"),
            codeSplitting: {
              groups: [
                { name: bootChunk, priority: 30 },
                { name: backgroundChunk, priority: 29 },
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 20,
                },
                { name: shellChunk, priority: 10 },
                // Small modules many pages' islands and widgets share (formatters, the JSON client, little
                // components) in one chunk: split by which pages use them, each was a request of its own,
                // often under 500 bytes, and an island page asked for ten of them (decision 026).
                { name: "utilities", test: /[\\/](app|universal)[\\/]/, maxModuleSize: 2048, minShareCount: 2, priority: 7 },
                // Code some pages share, split by exactly which pages use it, so a page loads only its own. Small
                // groups are not merged: merging put the guide editor's and the report dialog's code in /feed's first
                // load (136.8 KB against 130; decision 015).
                { name: "pages", test: /[\\/]app[\\/]/, minShareCount: 2, entriesAware: true, priority: 5 },
              ],
            },
          },
        },
      },
    },
    // The Hono server is the SSR entry: it imports the React Router build as a virtual module,
    // so server code and route modules share one module graph (one copy of every context key).
    ssr: { build: { rolldownOptions: { input: "./server/entry.ts" } } },
  },
});
