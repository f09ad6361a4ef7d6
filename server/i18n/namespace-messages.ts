/**
 * Texts the server writes outside React (the web app manifest, chat room names…), read from
 * `locales/{vi,en-US}/<namespace>.json` and validated once. Read from disk rather than imported, so
 * the browser's message chunks stay the only bundled copy.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { z } from "zod";
import { languages, type Language } from "../../universal/i18n/languages.ts";

export function namespaceMessages<Schema extends z.ZodType>(namespace: string, schema: Schema): (language: Language) => z.infer<Schema> {
  let loaded: Record<Language, z.infer<Schema>> | undefined;
  return (language) => {
    loaded ??= Object.fromEntries(
      languages.map((each) => [
        each,
        schema.parse(JSON.parse(readFileSync(resolve(process.cwd(), "locales", each, `${namespace}.json`), "utf8"))),
      ]),
    ) as Record<Language, z.infer<Schema>>;
    return loaded[language];
  };
}
