/**
 * A guide's text kept safe while it is written (`app/shared/drafts/device-copies.ts`), and the
 * `[[` catalog links typed in it.
 */
import { copyOutcome as outcomeOf, deviceCopies, type CopyMeta } from "../../shared/drafts/device-copies.ts";

export interface GuideFields {
  title: string;
  body: string;
  lang: string;
  category: string;
}

/** A copy kept on the device: the fields, the server version they were based on, and when. */
export type LocalCopy = GuideFields & CopyMeta;

const copies = deviceCopies<GuideFields>("guide-draft:", (stored) => ({
  lang: typeof stored.lang === "string" ? stored.lang : "vi",
  category: typeof stored.category === "string" ? stored.category : "beginner",
}));

export const copyKey = copies.key;
export const readCopy = copies.read;
export const writeCopy = copies.write;
export const dropCopy = copies.drop;

/** The same text as far as the server is concerned (it trims titles). */
export function sameFields(a: GuideFields, b: GuideFields): boolean {
  return a.title.trim() === b.title.trim() && a.body === b.body && a.lang === b.lang && a.category === b.category;
}

/** What to do with a copy found on the device when the editor opens the server's copy. */
export function copyOutcome(copy: LocalCopy | null, server: GuideFields & { version: number }): "none" | "restore" | "conflict" {
  return outcomeOf(copy, server, sameFields);
}

/**
 * The catalog link being typed: `[[` then up to 40 characters before the caret, with no line break
 * or bracket. Returns where it starts and the text to search, or null.
 */
export function linkQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /\[\[([^[\]\n]{0,40})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[0].length, query: match[1] ?? "" };
}

/** Replaces the `[[query` that starts at `start` (up to the caret) with a markdown link; answers the text and the caret after it. */
export function insertLink(text: string, start: number, caret: number, name: string, href: string): { text: string; caret: number } {
  const safeName = name.replace(/[[\]]/g, "");
  const link = `[${safeName}](${href})`;
  return { text: text.slice(0, start) + link + text.slice(caret), caret: start + link.length };
}
