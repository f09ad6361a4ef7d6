/**
 * Notes' limits, answer shape and checklist editing: what the browser and the server both use
 * (the request schemas are in note-schemas.ts).
 */
export const NOTE_TITLE_MAX = 200;
export const NOTE_BODY_MAX = 20_000;
export const NOTE_TAG_MAX = 32;
export const NOTE_TAGS_MAX = 10;
/** A member's notes in one answer, pinned first then newest change. */
export const NOTE_LIST_MAX = 200;
/** The pause in typing after which the editor saves. */
export const NOTE_AUTOSAVE_MS = 1_200;

export interface Note {
  id: number;
  title: string;
  body: string;
  /** The body rendered by the site's safe markdown renderer, checklist items as checkboxes (`data-task-line`). */
  html: string;
  tags: string[];
  pinned: boolean;
  /** Rises with every save; a save naming an older one is refused (409 `aborted`). */
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** A checklist item's line: a list marker then `[ ]` or `[x]` (inside quotes too). */
const TASK = /^(\s*(?:>\s*)*(?:[-*+]|\d{1,9}[.)])\s+)\[( |x|X)\](?=\s)/;
const FENCE = /^\s*(```|~~~)/;

export interface ChecklistItem {
  /** The line of the body (from 0) the item is on. */
  line: number;
  done: boolean;
  /** The item's text as written, for its checkbox's name. */
  text: string;
}

/** The body's checklist items in order, outside fenced code. */
export function checklistItems(body: string): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  let fence: string | null = null;
  body.split("\n").forEach((text, line) => {
    const opens = FENCE.exec(text);
    if (opens) {
      if (fence === null) fence = opens[1]!;
      else if (opens[1] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const match = TASK.exec(text);
    if (match) items.push({ line, done: match[2] !== " ", text: text.slice(match[0].length).trim() });
  });
  return items;
}

/** The body with the checklist item on `line` ticked or unticked (the same body when that line holds none). */
export function setChecklistItem(body: string, line: number, done: boolean): string {
  if (!checklistItems(body).some((item) => item.line === line)) return body;
  const lines = body.split("\n");
  lines[line] = lines[line]!.replace(TASK, (_, marker: string) => `${marker}[${done ? "x" : " "}]`);
  return lines.join("\n");
}
