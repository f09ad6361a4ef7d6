/**
 * Every build has an id: React Router's client manifest version (a hash of every client file
 * name, so any code change gives a new id), and a timestamp: when the client build was written.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import type { ServerBuild } from "react-router";

export interface BuildInfo {
  id: string;
  timestamp: number;
}

/** `clientDir` is where the client build lives; without it (development) the first time it is asked. */
export function describeBuild(build: ServerBuild, clientDir: string | undefined, now = Date.now()): BuildInfo {
  let timestamp = now;
  if (clientDir) {
    try {
      timestamp = Math.round(statSync(join(clientDir, build.assets.url)).mtimeMs);
    } catch {
      // The manifest file is missing only when the build is broken; the start time stands in.
    }
  }
  return { id: build.assets.version, timestamp };
}

/** Route ids whose files every page needs: the document shell and the layouts. */
const SHELL_ROUTE = /^(root|layouts\/.+)$/;

/**
 * The client files every page of this build needs first: the entry, the root and layout routes
 * and their styles. Pages' own chunks are kept as they are visited, so the worker's install does
 * not download the whole site on a phone.
 */
export function shellAssets(build: ServerBuild): string[] {
  const files = new Set<string>([build.assets.url, build.assets.entry.module, ...build.assets.entry.imports]);
  for (const [id, route] of Object.entries(build.assets.routes)) {
    if (!route || !SHELL_ROUTE.test(id)) continue;
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
  }
  return [...files].filter((file) => file.startsWith("/assets/")).sort();
}
