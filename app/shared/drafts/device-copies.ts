/**
 * What keeps a member's text safe while they write (guides, notes): every change is kept on the
 * device until the server has it, under one key per thing (`{prefix}{id}`, `new` before it exists),
 * and a copy from an older version is told apart from one that only missed a save.
 */

/** What a copy on the device carries beside the fields: the server version it started from, and when. */
export interface CopyMeta {
  /** The version of the server's copy this text started from (0: not created yet). */
  baseVersion: number;
  /** A new thing's creation id (the same id again is the same thing). */
  clientId: string | null;
  at: number;
}

/** The storage, or null where there is none (server render, storage blocked). */
function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The copies of one kind of text. `fields` rebuilds a stored copy's own fields beyond `title` and
 * `body` from what was read (storage is the user's: anything may be there).
 */
export function deviceCopies<Fields extends { title: string; body: string }>(
  prefix: string,
  fields: (stored: Record<string, unknown>) => Omit<Fields, "title" | "body">,
) {
  const key = (id: number | null) => `${prefix}${id ?? "new"}`;
  return {
    key,
    read(id: number | null): (Fields & CopyMeta) | null {
      try {
        const text = storage()?.getItem(key(id));
        if (!text) return null;
        const value = JSON.parse(text) as Record<string, unknown>;
        if (typeof value.title !== "string" || typeof value.body !== "string") return null;
        return {
          ...fields(value),
          title: value.title,
          body: value.body,
          baseVersion: typeof value.baseVersion === "number" ? value.baseVersion : 0,
          clientId: typeof value.clientId === "string" ? value.clientId : null,
          at: typeof value.at === "number" ? value.at : 0,
        } as Fields & CopyMeta;
      } catch {
        return null;
      }
    },
    write(id: number | null, copy: Fields & CopyMeta): void {
      try {
        storage()?.setItem(key(id), JSON.stringify(copy));
      } catch {
        // A full or blocked storage: the text stays in the page, and autosave still sends it.
      }
    },
    drop(id: number | null): void {
      try {
        storage()?.removeItem(key(id));
      } catch {
        // Nothing kept, nothing to drop.
      }
    },
  };
}

/**
 * What to do with a copy found on the device when the editor opens the server's copy: nothing (the
 * same text, or none), restore it (it only missed a save: it starts from the server's version), or
 * show both (the server's copy moved on since: a conflict the writer settles).
 */
export function copyOutcome<Fields>(
  copy: (Fields & CopyMeta) | null,
  server: Fields & { version: number },
  same: (a: Fields, b: Fields) => boolean,
): "none" | "restore" | "conflict" {
  if (!copy || same(copy, server)) return "none";
  return copy.baseVersion === server.version ? "restore" : "conflict";
}
