import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pages, sections } from "../../universal/routing/route-table.ts";
import { languages } from "../../universal/i18n/languages.ts";
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS, UNDOABLE_AUDIT_ACTIONS } from "../../universal/moderation/moderation-limits.ts";

type Tree = { [key: string]: string | Tree };
const root = join(import.meta.dirname, "../../locales");

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const load = (language: string, file: string) => flatten(JSON.parse(readFileSync(join(root, language, file), "utf8")) as Tree);
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe("locales", () => {
  const files = readdirSync(join(root, "vi")).filter((name) => name.endsWith(".json"));

  it("ship the same namespaces in every language", () => {
    for (const language of languages) {
      expect(readdirSync(join(root, language)).sort(), language).toEqual([...files].sort());
    }
  });

  it.each(files)("%s has every key in both vi and en-US, none empty, with the same placeholders", (file) => {
    const vi = load("vi", file);
    const en = load("en-US", file);
    const missingInEn = [...vi.keys()].filter((key) => !en.has(key));
    const missingInVi = [...en.keys()].filter((key) => !vi.has(key));
    expect(missingInEn, "keys missing in en-US").toEqual([]);
    expect(missingInVi, "keys missing in vi").toEqual([]);
    for (const [key, text] of vi) {
      expect(text.trim(), `vi ${key}`).not.toBe("");
      expect(en.get(key)?.trim(), `en-US ${key}`).not.toBe("");
      expect(variables(text), key).toEqual(variables(en.get(key) ?? ""));
    }
  });

  it("translate every page's navigation label, title and description, and every section", () => {
    for (const language of languages) {
      const common = load(language, "common.json");
      for (const entry of pages) {
        for (const field of ["nav", "title", "description"]) {
          expect(common.has(`pages.${entry.key}.${field}`), `${language} pages.${entry.key}.${field}`).toBe(true);
        }
      }
      for (const section of sections) expect(common.has(`nav.sections.${section}`)).toBe(true);
    }
  });

  it("name every decision the audit log records, its undoing where it has one, and every kind of thing it was about", () => {
    for (const language of languages) {
      const moderation = load(language, "moderation.json");
      for (const action of AUDIT_ACTIONS) {
        expect(moderation.has(`audit.actions.${action}`), `${language} audit.actions.${action}`).toBe(true);
        if (UNDOABLE_AUDIT_ACTIONS.includes(action))
          expect(moderation.has(`audit.actions.${action}_undo`), `${language} audit.actions.${action}_undo`).toBe(true);
      }
      for (const kind of AUDIT_TARGET_KINDS)
        expect(moderation.has(`audit.targetKinds.${kind}`), `${language} audit.targetKinds.${kind}`).toBe(true);
    }
  });

  it("use the spec's en-US error texts", () => {
    const en = load("en-US", "common.json");
    expect(en.get("errors.notFound.message")).toBe("Page Not Found");
    expect(en.get("errors.internal.message")).toBe("Internal Server Error");
  });
});
