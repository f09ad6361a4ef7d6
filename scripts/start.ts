import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { ensureBuild } from "./ensure-build.ts";

// React and its server renderer pick their production builds from the environment, read when they
// load: a server started without NODE_ENV would render with React's development build.
process.env.NODE_ENV ??= "production";
ensureBuild();
const server = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as { start: () => Promise<unknown> };
await server.start();
