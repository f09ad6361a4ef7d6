/**
 * The texts the server writes outside React (the web app manifest, the worker's "needs the
 * network" page), from `locales/{vi,en-US}/delivery.json`, validated once. Read from disk rather
 * than imported, so the browser's message chunks stay the only bundled copy.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { languages, type Language } from "../../app/shared/i18n/languages.ts";

const deliveryMessages = z.object({
  manifest: z.object({ name: z.string().includes("{{appTitle}}"), shortName: z.string().min(1).max(12), description: z.string().min(1) }),
  needsNetwork: z.object({ title: z.string().min(1), body: z.string().min(1), retry: z.string().min(1) }),
});
export type DeliveryMessages = z.infer<typeof deliveryMessages>;

let loaded: Record<Language, DeliveryMessages> | undefined;

export function deliveryMessagesFor(language: Language): DeliveryMessages {
  loaded ??= Object.fromEntries(
    languages.map((each) => [
      each,
      deliveryMessages.parse(JSON.parse(readFileSync(resolve(process.cwd(), "locales", each, "delivery.json"), "utf8"))),
    ]),
  ) as Record<Language, DeliveryMessages>;
  return loaded[language];
}
