/**
 * What keeps a member's text safe while they write: every change is kept on the device until the
 * server has it, and a copy from an older version is told apart from one that only missed a save.
 */
export interface GuideFields {
  title: string;
  body: string;
  lang: string;
  category: string;
}

/** A copy kept on the device: the fields, the server version they were based on, and when. */
export interface LocalCopy extends GuideFields {
  /** The version of the server's copy this text started from (0: a guide not created yet). */
  baseVersion: number;
  /** A new guide's creation id (the same id again is the same guide). */
  clientId: string | null;
  at: number;
}

const PREFIX = "guide-draft:";

export function copyKey(id: number | null): string {
  return `${PREFIX}${id ?? "new"}`;
}

/** The storage, or null where there is none (server render, storage blocked). */
function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCopy(id: number | null): LocalCopy | null {
  try {
    const text = storage()?.getItem(copyKey(id));
    if (!text) return null;
    const value = JSON.parse(text) as Partial<LocalCopy>;
    if (typeof value.title !== "string" || typeof value.body !== "string") return null;
    return {
      title: value.title,
      body: value.body,
      lang: typeof value.lang === "string" ? value.lang : "vi",
      category: typeof value.category === "string" ? value.category : "beginner",
      baseVersion: typeof value.baseVersion === "number" ? value.baseVersion : 0,
      clientId: typeof value.clientId === "string" ? value.clientId : null,
      at: typeof value.at === "number" ? value.at : 0,
    };
  } catch {
    return null;
  }
}

export function writeCopy(id: number | null, copy: LocalCopy): void {
  try {
    storage()?.setItem(copyKey(id), JSON.stringify(copy));
  } catch {
    // A full or blocked storage: the text stays in the page, and autosave still sends it.
  }
}

export function dropCopy(id: number | null): void {
  try {
    storage()?.removeItem(copyKey(id));
  } catch {
    // Nothing kept, nothing to drop.
  }
}

/** The same text as far as the server is concerned (it trims titles). */
export function sameFields(a: GuideFields, b: GuideFields): boolean {
  return a.title.trim() === b.title.trim() && a.body === b.body && a.lang === b.lang && a.category === b.category;
}

/**
 * What to do with a copy found on the device when the editor opens the server's copy: nothing (the
 * same text, or none), restore it (it only missed a save: it starts from the server's version), or
 * show both (the server's copy moved on since: a conflict the writer settles).
 */
export function copyOutcome(copy: LocalCopy | null, server: GuideFields & { version: number }): "none" | "restore" | "conflict" {
  if (!copy || sameFields(copy, server)) return "none";
  return copy.baseVersion === server.version ? "restore" : "conflict";
}

/** A new guide's creation id: the same id again answers the same guide. */
export function newClientId(): string {
  const random = globalThis.crypto?.randomUUID?.().replace(/-/g, "") ?? `${Date.now()}${Math.random().toString(36).slice(2)}`;
  return `guide-${random}`.slice(0, 64);
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
