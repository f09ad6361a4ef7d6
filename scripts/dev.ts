import { createServer } from "vite";
import type * as bootModule from "../server/boot.ts";

/**
 * `npm run dev`: the same Hono server as production, with Vite's middleware in front for
 * on-demand compilation and hot reload. Pages are rebuilt on every request from the source.
 */
process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { boot } = (await vite.ssrLoadModule("/server/boot.ts")) as typeof bootModule;
await boot({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
  wrapListener: (listener) => (req, res) => vite.middlewares(req, res, () => listener(req, res)),
});
