/**
 * The app bar's search (`GET /api/search?q=`): the catalog and guides as the public data API finds
 * them (`/api/v1/search`), then members, clans and posts, as hits of kinds `members`, `clans` and `posts`, so the
 * bar groups and highlights them the same way. Diacritics aside throughout ("tuan" finds "Tuấn").
 * One request spends one search from the caller's budget (server/create-app.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { plainExcerpt } from "../../universal/feed/feed-text.ts";
import { searchContent, SEARCH_LIMIT_DEFAULT, type SearchHit } from "../content-api/search.ts";
import { listClans } from "../clans/clans.ts";
import { searchPosts } from "../feed/list-posts.ts";
import { allowPermission, parseQuery, type AppEnv } from "../http/context.ts";
import { searchText } from "../http/search-text.ts";
import { listMembers } from "../users/directory.ts";
import { directoryQuery } from "../users/users-schemas.ts";

/** Members and posts shown beside the catalog's hits: a few of each, the directory and the feed have the rest. */
export const SITE_SEARCH_PEOPLE = 5;
export const SITE_SEARCH_POSTS = 5;
export const SITE_SEARCH_CLANS = 5;

const siteSearchQuery = z.object({
  q: searchText.pipe(z.string().min(1, "'q' is required: the text to search for")),
  limit: z.coerce.number().int().min(1).max(50).default(SEARCH_LIMIT_DEFAULT),
});

export async function siteSearch(db: Database, q: string, limit: number): Promise<SearchHit[]> {
  const [entries, members, posts, clans] = await Promise.all([
    searchContent(db, q, { limit }),
    listMembers(db, directoryQuery.parse({ q, limit: SITE_SEARCH_PEOPLE })),
    searchPosts(db, q, SITE_SEARCH_POSTS),
    listClans(db, { q }),
  ]);
  const text = (value: string) => ({ vi: value, en: value });
  return [
    ...entries,
    ...members.data.map((member): SearchHit => ({
      kind: "members",
      id: member.uid,
      name: text(member.displayName),
      icon: null,
      match: { language: "vi", type: "contains" },
      score: 0,
    })),
    ...clans.data.slice(0, SITE_SEARCH_CLANS).map((clan): SearchHit => ({
      kind: "clans",
      id: clan.id,
      name: text(`${clan.name} [${clan.tag}]`),
      icon: clan.emblem,
      match: { language: "vi", type: "contains" },
      score: 0,
    })),
    ...posts.map((post): SearchHit => ({
      kind: "posts",
      id: String(post.id),
      name: text(`${post.author.displayName}: ${plainExcerpt(post.body, 90)}`),
      icon: null,
      match: { language: "vi", type: "contains" },
      score: 0,
    })),
  ];
}

export function siteSearchRoutes(db: Database) {
  return new Hono<AppEnv>().get("/search", async (c) => {
    allowPermission(c, "view:record");
    const { q, limit } = parseQuery(c, siteSearchQuery);
    return c.json({ data: await siteSearch(db, q, limit) });
  });
}
