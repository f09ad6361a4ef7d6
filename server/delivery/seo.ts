/** `robots.txt` and `sitemap.xml`: every public page, catalog entry, member guide and feed post, in both languages. */
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { alternateUrls } from "../../universal/page/canonical.ts";
import { pages } from "../../universal/routing/route-table.ts";
import { prerenderedPaths } from "../../universal/delivery/route-rules.ts";
import type { PackKind } from "../../universal/content/pack-schema.ts";
import { memberGuideHref } from "../../universal/guides/guide-limits.ts";
import { publishedGuideIds } from "../guides/guides.ts";
import { postLink } from "../feed/feed-rows.ts";
import { sitemapPosts } from "../feed/list-posts.ts";

/**
 * Posts named in the sitemap, the newest first: two URLs each (one per language) stay well under a
 * sitemap's 50,000; hidden and deleted posts leave it with the next request.
 */
const SITEMAP_POSTS = 10_000;

/** The content kind each detail page shows (`?id=`). */
const DETAIL_KINDS: Readonly<Record<string, PackKind>> = {
  "/equipments-items/detail": "items",
  "/craft/detail": "recipes",
  "/mounts/detail": "mounts",
  "/season/detail": "seasons",
};

export function robotsTxt(origin: string): string {
  const closed = pages.filter((entry) => entry.middleware?.length || entry.path === "/login").map((entry) => entry.path);
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    ...closed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char] as string);

/** One `<url>` per page and language, each naming its alternates (`hreflang`), as search engines ask. */
function urlElements(origin: string, path: string): string[] {
  const alternates = alternateUrls(origin, path);
  const links = alternates
    .map(({ hrefLang, href }) => `<xhtml:link rel="alternate" hreflang="${hrefLang}" href="${escapeXml(href)}"/>`)
    .join("");
  return alternates
    .filter(({ hrefLang }) => hrefLang !== "x-default")
    .map(({ href }) => `<url><loc>${escapeXml(href)}</loc>${links}</url>`);
}

export async function sitemapXml(db: Database, origin: string): Promise<string> {
  const listPaths = prerenderedPaths().filter((path) => !(path in DETAIL_KINDS));
  const rows = await db
    .select({ kind: contentEntries.kind, id: contentEntries.id })
    .from(contentEntries)
    .where(inArray(contentEntries.kind, Object.values(DETAIL_KINDS)))
    .orderBy(contentEntries.kind, contentEntries.position);
  const detailPaths = Object.entries(DETAIL_KINDS).flatMap(([path, kind]) =>
    rows.filter((row) => row.kind === kind).map((row) => `${path}?id=${encodeURIComponent(row.id)}`),
  );
  const memberGuidePaths = (await publishedGuideIds(db)).map((id) => memberGuideHref(id));
  const postPaths = ["/feed", ...(await sitemapPosts(db, SITEMAP_POSTS)).map((post) => postLink(post.id))];
  const urls = [...listPaths, ...detailPaths, ...memberGuidePaths, ...postPaths].flatMap((path) => urlElements(origin, path));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
