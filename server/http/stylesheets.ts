import { readFileSync } from "node:fs";
import { join } from "node:path";

const BUILT_STYLESHEET = /^\/assets\/[\w.-]+\.css$/;

/** The client build's stylesheets by URL, read once each, for inlining into pages; none without a client build. */
export function stylesheetReader(clientDir: string | undefined): (href: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (href) => {
    if (!clientDir || !BUILT_STYLESHEET.test(href)) return undefined;
    if (!cache.has(href)) {
      try {
        cache.set(href, readFileSync(join(clientDir, href), "utf8"));
      } catch {
        cache.set(href, undefined);
      }
    }
    return cache.get(href);
  };
}
