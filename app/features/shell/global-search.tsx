/**
 * The app bar search's data: the `/api/search` answer (the catalog and guides, then members and posts), the page of each
 * hit, grouping by kind and the debounced fetch. Loaded with the results list, when the field is
 * first used (the shortcut lives in search-shortcut.ts).
 */
import { useEffect, useState } from "react";
import { kindEntryHref } from "../../../universal/content/kind-links.ts";
import { sameOriginPath } from "../../../universal/navigation/safe-navigation.ts";

/** One hit of `GET /api/search` (server/search/site-search.ts): a catalog entry or guide, a member, or a post. */
export interface SearchHit {
  /** The collection name, e.g. "items", "rune-sets". */
  kind: string;
  id: string;
  name: { vi: string; en: string };
  icon: string | null;
  match: { language: "vi" | "en"; type: string };
  score: number;
}

export const SEARCH_DEBOUNCE_MS = 150;
export const SEARCH_RESULT_LIMIT = 20;
/** The server refuses longer queries (SEARCH_TEXT_MAX). */
const QUERY_MAX = 100;

/** The page a hit opens, as a safe same-origin path; null for kinds without a page (tax rates). */
export function hitHref(hit: Pick<SearchHit, "kind" | "id">): string | null {
  // The search API names collections in kebab case ("rune-sets"), the pack stores them in camel case.
  const storedKind = hit.kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  const community: Record<string, string> = {
    members: `/users?id=${encodeURIComponent(hit.id)}`,
    posts: `/feed?id=${encodeURIComponent(hit.id)}`,
    clans: `/clan?id=${encodeURIComponent(hit.id)}`,
  };
  const href = community[hit.kind] ?? (hit.kind === "levels" ? "/level" : kindEntryHref(storedKind, hit.id));
  return sameOriginPath(href);
}

export interface SearchGroup {
  kind: string;
  hits: SearchHit[];
}

/** Hits grouped by kind, groups in the order of their best hit, hits in rank order. */
export function groupHits(hits: readonly SearchHit[]): SearchGroup[] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const group = groups.get(hit.kind);
    if (group) group.push(hit);
    else groups.set(hit.kind, [hit]);
  }
  return [...groups].map(([kind, groupHits]) => ({ kind, hits: groupHits }));
}

const NO_HITS: SearchHit[] = [];

export type SearchStatus = "idle" | "loading" | "done" | "error";

/**
 * The hits for `query`, fetched `SEARCH_DEBOUNCE_MS` after the last keystroke; a newer query aborts
 * the request of an older one, so a slow stale answer never replaces a fresh one.
 */
export function useSearchResults(query: string): { hits: SearchHit[]; status: SearchStatus; settledQuery: string } {
  const [answer, setAnswer] = useState<{ query: string; hits: SearchHit[]; failed: boolean }>({ query: "", hits: [], failed: false });
  const text = query.trim().slice(0, QUERY_MAX);

  useEffect(() => {
    if (text.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: text, limit: String(SEARCH_RESULT_LIMIT) });
      fetch(`/api/search?${params}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(`search answered ${response.status}`);
          const body = (await response.json()) as { data?: SearchHit[] };
          setAnswer({ query: text, hits: Array.isArray(body.data) ? body.data : [], failed: false });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("Search failed", error);
          setAnswer({ query: text, hits: [], failed: true });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  if (text.length === 0) return { hits: NO_HITS, status: "idle", settledQuery: "" };
  // While a newer query is on its way the previous hits stay, so the list does not flicker.
  const status: SearchStatus = answer.query !== text ? "loading" : answer.failed ? "error" : "done";
  return { hits: answer.hits, status, settledQuery: answer.query };
}
