/**
 * Published member guides in the name search (`GET /api/v1/search`, the app bar): their approved
 * title, folded as catalog names are ("huong dan" finds "Hướng dẫn"), as hits of the `guides` kind
 * whose ids open them on `/guide`.
 */
import { and, isNull, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
import { guideRevisions, guides } from "../../db/schema/index.ts";
import { memberGuideId } from "../../universal/guides/guide-limits.ts";
import { matchRank, nameSimilarity } from "../content/name-match.ts";

/** Icon of member guides in search results (the pack's guides carry their own). */
const MEMBER_GUIDE_ICON = "game-icons:scroll-unfurled";

export interface MemberGuideHit {
  kind: "guides";
  id: string;
  name: { vi: string; en: string };
  icon: string;
  match: { language: "vi" | "en"; type: "exact" | "prefix" | "word" | "contains" };
  score: number;
}

const MATCH_TYPES = ["exact", "prefix", "word", "contains"] as const;

export async function searchMemberGuides(db: Database, query: string, limit: number): Promise<MemberGuideHit[]> {
  if (limit <= 0) return [];
  const folded = sql`f_unaccent(lower(${guideRevisions.title}))`;
  const rows = await queryRows<{ id: number; title: string; language: string; rank: number; score: number }>(
    db,
    sql`select ${guides.id} as id, ${guideRevisions.title} as title, ${guideRevisions.language} as language,
        ${matchRank(query, folded)} as rank, ${nameSimilarity(query, folded)} as score
      from ${guides} join ${guideRevisions} on ${guideRevisions.id} = ${guides.publishedRevisionId}
      where ${and(isNull(guides.hiddenAt), isNull(guides.deletedAt))}
        and ${folded} like '%' || ${likePattern(query)} || '%'
      order by rank, length(${guideRevisions.title}), ${guides.id}
      limit ${limit}`,
  );
  return rows.map((row) => ({
    kind: "guides",
    id: memberGuideId(Number(row.id)),
    name: { vi: row.title, en: row.title },
    icon: MEMBER_GUIDE_ICON,
    match: { language: row.language === "vi" ? "vi" : "en", type: MATCH_TYPES[Number(row.rank)] ?? "contains" },
    score: Math.round(Number(row.score) * 1000) / 1000,
  }));
}

/**
 * What changes the member guides' search answers (a publication, a guide hidden or deleted): part
 * of the search answers' ETag, so a client's copy is renewed when it changes.
 */
export async function memberGuidesVersion(db: Database): Promise<string> {
  const [row] = await queryRows<{ published: string | null; visible: number }>(
    db,
    sql`select max(${guides.publishedAt})::text as published, count(*)::int as visible
      from ${guides} where ${guides.publishedRevisionId} is not null and ${guides.hiddenAt} is null and ${guides.deletedAt} is null`,
  );
  return `${row?.published ?? 0}.${row?.visible ?? 0}`;
}
