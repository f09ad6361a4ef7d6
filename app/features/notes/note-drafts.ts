/** A note's text kept safe while it is written (`app/shared/drafts/device-copies.ts`), and its tags as typed. */
import { copyOutcome as outcomeOf, deviceCopies, type CopyMeta } from "../../shared/drafts/device-copies.ts";

export interface NoteFields {
  title: string;
  body: string;
  /** As typed: tags separated by commas. */
  tags: string;
}

export type LocalCopy = NoteFields & CopyMeta;

const copies = deviceCopies<NoteFields>("note-draft:", (stored) => ({ tags: typeof stored.tags === "string" ? stored.tags : "" }));

export const readCopy = copies.read;
/**
 * The key of a note's draft (`note-draft:{id}`, `note-draft:new` for a new note), which the note's
 * island names as the prefix that makes it hydrate as the page loads (a draft of a note whose id
 * starts with the same digits wakes it as well, and shows nothing).
 */
export const noteDraftKey = copies.key;
export const writeCopy = copies.write;
export const dropCopy = copies.drop;

/** Tags as typed to the list the API takes: split on commas, trimmed, `#` dropped, each once. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim().replace(/^#/, ""))
        .filter(Boolean),
    ),
  ];
}

/** The same note as far as the server is concerned (it trims the title and the tags). */
export function sameFields(a: NoteFields, b: NoteFields): boolean {
  return a.title.trim() === b.title.trim() && a.body === b.body && parseTags(a.tags).join(",") === parseTags(b.tags).join(",");
}

/** What to do with a copy found on the device when the editor opens the server's copy. */
export function copyOutcome(copy: LocalCopy | null, server: NoteFields & { version: number }): "none" | "restore" | "conflict" {
  return outcomeOf(copy, server, sameFields);
}
