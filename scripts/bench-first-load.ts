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

/**
 * The module scripts a page names: src'd, preloaded, imported by its inline bootstrap, and the entry an
 * islands document starts after its first paint (`data-entry-module`, decision 033); their own imports come next.
 */
export function firstLoadScriptUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const add = (path: string | undefined) => {
    if (path) found.add(new URL(path, pageUrl).href);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attribute(tag, "rel")?.toLowerCase() === "modulepreload") add(attribute(tag, "href"));
  }
  for (const [, tag = "", body = ""] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    add(attribute(tag, "data-entry-module"));
    if (attribute(tag, "type") !== "module") continue;
    add(attribute(tag, "src"));
    for (const [, path] of body.matchAll(IMPORT_SPECIFIER)) add(path);
  }
  return [...found];
}

/** A chunk's static dependencies: `import … from "x"`, `import "x"`, `export … from "x"` (not `import()`, loaded later). */
const STATIC_DEPENDENCY = /\b(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;

export function staticDependencies(source: string, scriptUrl: string): string[] {
  return [...source.matchAll(STATIC_DEPENDENCY)].map(([, path = ""]) => new URL(path, scriptUrl).href);
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url} returned ${response.status}`);
  return response.text();
}

/** The page's first-load scripts, each with its size at gzip -9 (what a phone downloads, give or take brotli). */
export async function pageScripts(url: string, label: string = url): Promise<PageScripts> {
  // The page names its first modules; they import the rest (the page carries no module preloads: decision 021).
  const sizes = new Map<string, number>();
  let next = firstLoadScriptUrls(await fetchText(url), url);
  while (next.length > 0) {
    const fetched = await Promise.all(next.map(async (script) => [script, await fetchText(script)] as const));
    for (const [script, source] of fetched) sizes.set(script, gzipSync(source, { level: 9 }).length);
    next = [...new Set(fetched.flatMap(([script, source]) => staticDependencies(source, script)))].filter((script) => !sizes.has(script));
  }
  return { path: label, scripts: sizes };
}
