import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The documents a newcomer reads: the README, the map, and everything under docs/. */
export function documents(root: string): string[] {
  const found = ["README.md", "ARCHITECTURE.md"].map((name) => join(root, name));
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk(join(root, "docs"));
  return found;
}

/** The relative link targets of a markdown text, outside code: no scheme, no bare `#anchor`. */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`]*`/g, "");
  const targets = [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#"));
}

/** Every relative link in the documents whose file does not exist, as `document: target`. */
export function brokenLinks(root: string): string[] {
  return documents(root).flatMap((document) =>
    relativeLinks(readFileSync(document, "utf8"))
      .filter((target) => !existsSync(resolve(dirname(document), decodeURIComponent(target.split("#")[0]!))))
      .map((target) => `${document.slice(root.length + 1)}: ${target}`),
  );
}
