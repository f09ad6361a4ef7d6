import type { MetaDescriptor } from "react-router";
import { i18nFor } from "../i18n/root-i18n.ts";
import { rootDataFromMatches } from "../root-data.ts";

export interface PageMetaArgs {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  error?: unknown;
}

/**
 * `<title>` "Page · App title" and the meta description of the page whose route id is `key`;
 * a detail page passes its entry's own title and description.
 */
export function metaFor(key: string, { matches }: PageMetaArgs, entry?: { title: string; description?: string }): MetaDescriptor[] {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const t = i18nFor(root.i18n).t;
  const title = entry?.title ?? t(`pages.${key}.title`);
  const description = entry?.description ?? t(`pages.${key}.description`);
  return [
    { title: `${title} · ${root.appTitle}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: root.appTitle },
  ];
}

/** Route module `meta` for a page of the route table: the leaf match's id is the page key. */
export function pageMeta(args: PageMetaArgs): MetaDescriptor[] {
  const leaf = args.matches.at(-1);
  return leaf ? metaFor(leaf.id, args) : [];
}
