/**
 * Catalog links inside markdown: `[Kiếm Hỏa Diệm](item:ember-sword)`. The target is `kind:id` with
 * the kinds of ENTRY_REF_KINDS; pages turn it into the entry's detail URL.
 */
import { ENTRY_REF_KINDS, type EntryRefKind } from "../../universal/content/pack-schema.ts";

export type EntryLink = { text: string; kind: EntryRefKind; id: string };

const LINK = new RegExp(`\\[([^\\]]+)\\]\\((${ENTRY_REF_KINDS.join("|")}):([^)\\s]+)\\)`, "g");

export function findEntryLinks(markdown: string): EntryLink[] {
  return [...markdown.matchAll(LINK)].map((match) => ({ text: match[1]!, kind: match[2] as EntryRefKind, id: match[3]! }));
}

export type Heading = { depth: number; text: string };

/** ATX headings (`## Title`) outside fenced code: what a table of contents is built from. */
export function findHeadings(markdown: string): Heading[] {
  const headings: Heading[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inFence = !inFence;
    const match = inFence ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) headings.push({ depth: match[1]!.length, text: match[2]! });
  }
  return headings;
}
