import { resolve } from "node:path";
import * as build from "virtual:react-router/server-build";
import { boot } from "./boot.ts";

/** The production server: `npm start` imports this from `build/server/index.js`. */
export function start() {
  return boot({ build, clientDir: resolve(process.cwd(), "build/client") });
}
