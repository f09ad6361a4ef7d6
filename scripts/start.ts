import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { ensureBuild } from "./ensure-build.ts";

ensureBuild();
const server = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as { start: () => Promise<unknown> };
await server.start();
