/**
 * The parts of `/me/note` its loader fills from the notes and the query, the tags and the list: server
 * HTML that no island renders. When the search (the `notes-search` island) changes the address, the
 * server's answer for it replaces them in place (`showPageParts`).
 */
import { showPageParts } from "../../shared/islands/page-parts.ts";

/** The ids of the parts, in the page's order. */
export const NOTES_RESULT_PARTS = ["notes-tags", "notes-list"] as const;

export async function showNotesResults(href?: string): Promise<void> {
  await showPageParts(NOTES_RESULT_PARTS, href);
}
