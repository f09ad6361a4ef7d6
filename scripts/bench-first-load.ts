import { gzipSync } from "node:zlib";
import type { PageScripts } from "./bench-budgets.ts";

/**
 * `import "x"`, `import * as m from "x"`, `import("x")`. Only import statements count: the inline script also
 * embeds the route manifest, whose quoted module paths include routes this page never loads.
 */
const IMPORT_SPECIFIER = /\bimport\s*(?:[\w$*{},\s]+?\s*from\s*|\(\s*)?["']([^"']+\.m?js)["']/g;

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Every module script the browser loads before the page is interactive: src'd, preloaded, and imported inline. */
export function firstLoadScriptUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const add = (path: string | undefined) => {
    if (path) found.add(new URL(path, pageUrl).href);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attribute(tag, "rel")?.toLowerCase() === "modulepreload") add(attribute(tag, "href"));
  }
  for (const [, tag = "", body = ""] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (attribute(tag, "type") !== "module") continue;
    add(attribute(tag, "src"));
    for (const [, path] of body.matchAll(IMPORT_SPECIFIER)) add(path);
  }
  return [...found];
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url} returned ${response.status}`);
  return response.text();
}

/** The page's first-load scripts, each with its size at gzip -9 (what a phone downloads, give or take brotli). */
export async function pageScripts(url: string, label: string = url): Promise<PageScripts> {
  const urls = firstLoadScriptUrls(await fetchText(url), url);
  const sizes = await Promise.all(urls.map(async (script) => [script, gzipSync(await fetchText(script), { level: 9 }).length] as const));
  return { path: label, scripts: new Map(sizes) };
}
