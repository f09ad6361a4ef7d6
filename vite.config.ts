import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), guardRouteModuleReload()],
  resolve: { tsconfigPaths: true },
  environments: {
    // The Hono server is the SSR entry: it imports the React Router build as a virtual module,
    // so server code and route modules share one module graph (one copy of every context key).
    ssr: { build: { rolldownOptions: { input: "./server/entry.ts" } } },
  },
});
