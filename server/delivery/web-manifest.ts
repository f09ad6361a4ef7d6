/** `/manifest.webmanifest`: what makes the site installable, named in the visitor's language and in both. */
import type { Language } from "../../universal/i18n/languages.ts";
import { deliveryMessagesFor } from "./delivery-messages.ts";

export const THEME_COLOR = "#F15A22";
export const BACKGROUND_COLOR = "#f0f2f5";

const texts = (language: Language) => deliveryMessagesFor(language).manifest;
const nameIn = (language: Language, appTitle: string) => texts(language).name.replace("{{appTitle}}", appTitle);

export function webManifest(appTitle: string, language: Language) {
  const localized = (pick: (language: Language) => string) => ({ vi: { value: pick("vi") }, "en-US": { value: pick("en-US") } });
  return {
    id: "/",
    name: nameIn(language, appTitle),
    short_name: texts(language).shortName,
    description: texts(language).description,
    // Manifest localization (where supported): both languages' names travel in every copy.
    name_localized: localized((each) => nameIn(each, appTitle)),
    short_name_localized: localized((each) => texts(each).shortName),
    description_localized: localized((each) => texts(each).description),
    lang: language,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["games", "reference"],
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
