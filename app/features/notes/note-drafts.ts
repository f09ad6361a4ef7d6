/**
 * What keeps a member's note safe while they write: every change is kept on the device until the
 * server has it, and a copy from an older version is told apart from one that only missed a save.
 */
export interface NoteFields {
  title: string;
  body: string;
  /** As typed: tags separated by commas. */
  tags: string;
}

export interface LocalCopy extends NoteFields {
  /** The version of the server's copy this text started from (0: a note not created yet). */
  baseVersion: number;
  /** A new note's creation id (the same id again is the same note). */
  clientId: string | null;
  at: number;
}

const PREFIX = "note-draft:";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCopy(id: number | null): LocalCopy | null {
  try {
    const text = storage()?.getItem(`${PREFIX}${id ?? "new"}`);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<LocalCopy>;
    if (typeof value.title !== "string" || typeof value.body !== "string") return null;
    return {
      title: value.title,
      body: value.body,
      tags: typeof value.tags === "string" ? value.tags : "",
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
    storage()?.setItem(`${PREFIX}${id ?? "new"}`, JSON.stringify(copy));
  } catch {
    // A full or blocked storage: the text stays in the page, and autosave still sends it.
  }
}

export function dropCopy(id: number | null): void {
  try {
    storage()?.removeItem(`${PREFIX}${id ?? "new"}`);
  } catch {
    // Nothing kept, nothing to drop.
  }
}

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

/**
 * What to do with a copy found on the device when the editor opens the server's copy: nothing (the
 * same text, or none), restore it (it only missed a save), or show both (the server's moved on).
 */
export function copyOutcome(copy: LocalCopy | null, server: NoteFields & { version: number }): "none" | "restore" | "conflict" {
  if (!copy || sameFields(copy, server)) return "none";
  return copy.baseVersion === server.version ? "restore" : "conflict";
}

export function newClientId(): string {
  const random = globalThis.crypto?.randomUUID?.().replace(/-/g, "") ?? `${Date.now()}${Math.random().toString(36).slice(2)}`;
  return `note-${random}`.slice(0, 64);
}
