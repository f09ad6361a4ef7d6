/**
 * The autosave loop the guide and note editors share: every change is kept on the device at once and
 * sent after a pause in typing, one save at a time; a save that could not reach the server is tried
 * again while the text is still unsaved. What a save sends and how an answer is taken stay with the
 * editor (`send`), as do the copy on the device (`keepCopy`) and the conflict that holds saves.
 */
import { useCallback, useEffect, useRef, type RefObject } from "react";

export type SaveState =
  { kind: "idle" | "saving" | "unsaved" | "needs-title" | "offline" } | { kind: "saved"; at: number } | { kind: "failed"; message: string };

/** After a save that could not reach the server (`offline`), the next try. */
export const AUTOSAVE_RETRY_MS = 5_000;

export interface SaveSteps<Fields extends { title: string }> {
  /** The text as it is now (the save sends what is typed when it starts, not when it was asked for). */
  latest: RefObject<Fields>;
  /** A conflict is open: nothing is sent until the writer chooses. */
  blocked(): boolean;
  /** The server already holds this text: nothing to send. */
  upToDate(sent: Fields): boolean;
  setSave(state: SaveState): void;
  /** Sends the text and takes the answer; answers whether the server has it. */
  send(sent: Fields): Promise<boolean>;
}

/**
 * One save: after the save in flight (`saving`) ends, sends the text as it is then unless a conflict
 * holds it, the server has it already, or it has no title. Answers whether the server has the text.
 */
export async function saveInTurn<Fields extends { title: string }>(
  saving: { current: Promise<boolean> | null },
  { latest, blocked, upToDate, setSave, send }: SaveSteps<Fields>,
): Promise<boolean> {
  if (saving.current) await saving.current;
  const sent = latest.current;
  if (blocked()) return false;
  if (upToDate(sent)) return true;
  if (!sent.title.trim()) {
    setSave({ kind: "needs-title" });
    return false;
  }
  setSave({ kind: "saving" });
  const run = send(sent);
  saving.current = run;
  try {
    return await run;
  } finally {
    saving.current = null;
  }
}

export interface AutosaveLoop<Fields> {
  /** The text as typed (each change restarts the pause). */
  fields: Fields;
  /** The text differs from the server's. */
  dirty: boolean;
  /** A conflict is open: changes are kept on the device, not sent. */
  held: boolean;
  /** The pause in typing after which a change is sent. */
  delayMs: number;
  save: SaveState;
  /** Keeps the text on the device until the server has it. */
  keepCopy(fields: Fields): void;
}

/**
 * Runs the loop; each save takes `steps` in turn (`saveInTurn`). Answers `saveNow`, for a save the
 * writer asks for (before submitting, after a conflict).
 */
export function useAutosave<Fields extends { title: string }>(
  { fields, dirty, held, delayMs, save, keepCopy }: AutosaveLoop<Fields>,
  { latest, blocked, upToDate, setSave, send }: SaveSteps<Fields>,
): () => Promise<boolean> {
  const saving = useRef<Promise<boolean> | null>(null);
  const saveNow = useCallback(
    () => saveInTurn(saving, { latest, blocked, upToDate, setSave, send }),
    [latest, blocked, upToDate, setSave, send],
  );

  // Every change is kept on the device at once and sent after a pause in typing.
  useEffect(() => {
    if (!dirty) return;
    keepCopy(fields);
    if (held) return;
    const timer = setTimeout(() => void saveNow(), delayMs);
    return () => clearTimeout(timer);
  }, [fields, dirty, held, delayMs, keepCopy, saveNow]);

  // After a failed save (offline), try again while the text is still unsaved.
  useEffect(() => {
    if (save.kind !== "offline") return;
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [save, saveNow]);

  return saveNow;
}

export interface ConflictSteps<Server> {
  /** The conflict open, with the newer copy once it has been read. */
  conflict: { theirs: Server | null } | null;
  /** Takes a copy as the server's: what "dirty" compares with, what the next save is based on. */
  holdServer(server: Server): void;
  /** Closes the conflict: saves may go again. */
  close(): void;
  /** Shows the newer copy in the editor and forgets the device's. */
  showTheirs(server: Server): void;
  saveNow(): Promise<boolean>;
  setSave(state: SaveState): void;
}

/** The writer's two ways out of a conflict, once the newer copy is read (before that, neither does anything). */
export function useConflictChoices<Server>({ conflict, holdServer, close, showTheirs, saveNow, setSave }: ConflictSteps<Server>) {
  return {
    /** Keeps the writer's text: saved over the newer copy, which it is then based on. */
    async keepMine() {
      if (!conflict?.theirs) return;
      holdServer(conflict.theirs);
      close();
      await saveNow();
    },
    /** Takes the newer copy: the writer's text leaves the editor and the device. */
    takeTheirs() {
      if (!conflict?.theirs) return;
      const theirs = conflict.theirs;
      holdServer(theirs);
      showTheirs(theirs);
      close();
      setSave({ kind: "saved", at: Date.now() });
    },
  };
}
