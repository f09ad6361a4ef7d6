import type { MetaDescriptor } from "react-router";
import { translatorFor } from "../i18n/page-translator.ts";
import { languages, type Language } from "../../../universal/i18n/languages.ts";
import { rootDataFromMatches } from "../root-data.ts";
import { alternateUrls, canonicalUrl } from "../../../universal/page/canonical.ts";

export interface PageMetaArgs {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  error?: unknown;
  location?: { pathname: string; search: string };
}

/** The social card's picture: the app icon (chat apps do not show SVG game icons). */
const CARD_IMAGE = "/icon-512.png";
const OG_LOCALES = { vi: "vi_VN", "en-US": "en_US" } as const;

/** A page's own picture for its social card (a post's first image), instead of the app icon. */
export interface CardImage {
  url: string;
  width: number;
  height: number;
}

/** Canonical URL, `hreflang` alternates and the social card (Open Graph, Twitter) of a page. */
function shareMeta(
  origin: string,
  language: Language,
  path: string,
  title: string,
  description: string,
  picture: CardImage = { url: CARD_IMAGE, width: 512, height: 512 },
): MetaDescriptor[] {
  const canonical = canonicalUrl(origin, path, language);
  const image = new URL(picture.url, origin).href;
  const large = picture.url !== CARD_IMAGE;
  return [
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternateUrls(origin, path).map(({ hrefLang, href }) => ({ tagName: "link", rel: "alternate", hrefLang, href })),
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(picture.width) },
    { property: "og:image:height", content: String(picture.height) },
    { property: "og:locale", content: OG_LOCALES[language] },
    ...languages.filter((other) => other !== language).map((other) => ({ property: "og:locale:alternate", content: OG_LOCALES[other] })),
    { name: "twitter:card", content: large ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/**
 * `<title>` "Page · App title" and the meta description of the page whose route id is `key`;
 * a detail page passes its entry's own title and description.
 */
export function metaFor(
  key: string,
  { matches, location }: PageMetaArgs,
  entry?: { title: string; description?: string; image?: CardImage | undefined },
): MetaDescriptor[] {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const t = translatorFor(root.i18n).bind();
  const title = entry?.title ?? t(`pages.${key}.title`);
  const description = entry?.description ?? t(`pages.${key}.description`);
  return [
    { title: `${title} · ${root.appTitle}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: root.appTitle },
    ...(location
      ? shareMeta(root.origin, root.i18n.language, `${location.pathname}${location.search}`, title, description, entry?.image)
      : []),
  ];
}

/** Route module `meta` for a page of the route table: the leaf match's id is the page key. */
export function pageMeta(args: PageMetaArgs): MetaDescriptor[] {
  const leaf = args.matches.at(-1);
  return leaf ? metaFor(leaf.id, args) : [];
}
