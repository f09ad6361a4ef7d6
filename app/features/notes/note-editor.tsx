/**
 * The note editor, loaded when the member edits: autosave after a pause in typing, each save naming
 * the version it edits, and a copy on the device until the server has it. A save refused as stale
 * (409 `aborted`) writes nothing and shows both texts; the member keeps either, saves theirs as a
 * new note or copies it: no edit is ever silently lost.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { NOTE_AUTOSAVE_MS, NOTE_BODY_MAX, NOTE_TAGS_MAX, NOTE_TITLE_MAX, type Note } from "../../../universal/notes/note-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { newClientId } from "../../shared/new-client-id.ts";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { prose } from "../../shared/ui/prose.ts";
import { useAutosave, useConflictChoices, type SaveState } from "../../shared/use-autosave.ts";
import { copyOutcome, dropCopy, parseTags, readCopy, sameFields, writeCopy, type NoteFields } from "./note-drafts.ts";
import { noteError } from "./notes-errors.ts";
import { ConflictPanel } from "../../shared/ui/conflict-panel.tsx";
import { buttonClass } from "./notes-list-page.tsx";

interface Conflict {
  version: number;
  theirs: Note | null;
}

export interface NoteEditorProps {
  language: string;
  /** The server's copy (null: a new note). */
  note: Note | null;
  /** Each time the server has a newer copy (a save, or the version kept after a conflict). */
  onSaved(note: Note): void;
  /**
   * Whether it opens with what the device keeps (a draft restored, or a stale one beside the server's):
   * not on the server, nor while the page hydrates, which must render what the server did.
   */
  device: boolean;
}

const primary = `${buttonClass} bg-brand text-on-brand`;
const secondary = `${buttonClass} border border-line bg-surface hover:bg-surface-muted`;
const taskBoxes =
  "[&_.task-item]:list-none [&_.task-item]:-ml-6 [&_input[type=checkbox]]:mr-2 [&_input[type=checkbox]]:size-6 [&_input[type=checkbox]]:cursor-pointer [&_input[type=checkbox]]:align-middle [&_input[type=checkbox]]:accent-brand";

function fieldsOf(note: Note | null): NoteFields {
  return note ? { title: note.title, body: note.body, tags: note.tags.join(", ") } : { title: "", body: "", tags: "" };
}

/** The editor's ids: fixed (one editor a page), since a woken island's `useId` would not be the server's. */
const ids = "note-editor";

/** What the server renders: the server's copy, as no device copy can be read there. */
function serverOpening(note: Note | null): ReturnType<typeof openingState> {
  return { fields: fieldsOf(note), conflict: null, restored: false, clientId: note ? null : newClientId("note") };
}

/** What the editor opens with on this device: a kept copy restored, or shown beside the server's when it is stale. */
function openingState(note: Note | null) {
  const copy = readCopy(note?.id ?? null);
  if (!note) {
    const restored = copy !== null && (copy.title !== "" || copy.body !== "");
    return { fields: copy ?? fieldsOf(null), conflict: null, restored, clientId: copy?.clientId ?? newClientId("note") };
  }
  const outcome = copyOutcome(copy, { ...fieldsOf(note), version: note.version });
  return {
    fields: copy && outcome !== "none" ? { title: copy.title, body: copy.body, tags: copy.tags } : fieldsOf(note),
    conflict: outcome === "conflict" ? { version: note.version, theirs: note } : null,
    restored: outcome === "restore",
    clientId: null,
  };
}

export function NoteEditor({ language, note, onSaved, device }: NoteEditorProps) {
  const { t } = useTranslation("notes");
  const [opening] = useState(() => (device ? openingState(note) : serverOpening(note)));
  const [fields, setFields] = useState<NoteFields>(opening.fields);
  const [server, setServer] = useState<Note | null>(note);
  const [saved, setSaved] = useState<NoteFields>(() => fieldsOf(note));
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [conflict, setConflict] = useState<Conflict | null>(opening.conflict);
  const [notice, setNotice] = useState<string | null>(opening.restored ? t("editor.restored") : null);
  const [copyId, setCopyId] = useState<number | null>(null);
  const clientId = useRef<string | null>(opening.clientId);
  const latest = useRef(fields);
  const savedRef = useRef(saved);
  const serverRef = useRef(server);
  const conflictRef = useRef(conflict);
  useEffect(() => {
    latest.current = fields;
    conflictRef.current = conflict;
  }, [fields, conflict]);

  const keepCopy = useCallback((next: NoteFields) => {
    const current = serverRef.current;
    writeCopy(current?.id ?? null, { ...next, baseVersion: current?.version ?? 0, clientId: clientId.current, at: Date.now() });
  }, []);

  const holdServer = useCallback(
    (next: Note) => {
      serverRef.current = next;
      savedRef.current = fieldsOf(next);
      setServer(next);
      setSaved(fieldsOf(next));
      onSaved(next);
    },
    [onSaved],
  );

  const dirty = !sameFields(fields, saved);

  const blocked = useCallback(() => conflictRef.current !== null, []);
  const upToDate = useCallback((sent: NoteFields) => serverRef.current !== null && sameFields(sent, savedRef.current), []);

  /** Sends the text; answers whether the server has it. */
  const send = useCallback(
    async (sent: NoteFields): Promise<boolean> => {
      const current = serverRef.current;
      const payload = { title: sent.title, body: sent.body, tags: parseTags(sent.tags) };
      const answer = current
        ? await apiJson<Note>(`/api/notes/${current.id}`, { method: "PATCH", body: { ...payload, version: current.version } })
        : await apiJson<Note>("/api/notes", { body: { ...payload, clientId: clientId.current ?? undefined } });
      if (answer.ok) {
        if (!current) dropCopy(null);
        holdServer(answer.data);
        if (sameFields(latest.current, sent)) dropCopy(answer.data.id);
        else keepCopy(latest.current);
        setSave({ kind: "saved", at: Date.now() });
        return true;
      }
      if (answer.code === "aborted" && current) {
        const version = Number(answer.details.version ?? current.version);
        conflictRef.current = { version, theirs: null };
        setConflict({ version, theirs: null });
        setSave({ kind: "unsaved" });
        const theirs = await apiJson<Note>(`/api/notes/${current.id}`);
        setConflict({ version: theirs.ok ? theirs.data.version : version, theirs: theirs.ok ? theirs.data : null });
        return false;
      }
      if (answer.status === 0 || answer.status >= 500) {
        setSave({ kind: "offline" });
        return false;
      }
      setSave({ kind: "failed", message: noteError(t, answer) });
      return false;
    },
    [keepCopy, holdServer, t],
  );

  const saveNow = useAutosave(
    { fields, dirty, held: conflict !== null, delayMs: NOTE_AUTOSAVE_MS, save, keepCopy },
    { latest, blocked, upToDate, setSave, send },
  );

  const { keepMine, takeTheirs } = useConflictChoices({
    conflict,
    holdServer,
    close: () => {
      conflictRef.current = null;
      setConflict(null);
    },
    showTheirs: (theirs) => {
      dropCopy(theirs.id);
      setFields(fieldsOf(theirs));
    },
    saveNow,
    setSave,
  });

  async function saveMineAsNew() {
    const mine = latest.current;
    const answer = await apiJson<Note>("/api/notes", {
      body: {
        title: mine.title.trim() || t("detail.newTitle"),
        body: mine.body,
        tags: parseTags(mine.tags),
        clientId: newClientId("note"),
      },
    });
    if (!answer.ok) {
      setNotice(noteError(t, answer));
      return;
    }
    setCopyId(answer.data.id);
    takeTheirs();
  }

  async function copyMine() {
    try {
      await navigator.clipboard.writeText(`${latest.current.title}\n\n${latest.current.body}`);
      setNotice(t("editor.conflict.copied"));
    } catch {
      setNotice(t("errors.generic"));
    }
  }

  const set = (changes: Partial<NoteFields>) => setFields((current) => ({ ...current, ...changes }));

  return (
    <div className="flex flex-col gap-4">
      {notice ? (
        <p role="status" className="rounded-lg border border-line bg-surface p-3 text-sm">
          {notice}
        </p>
      ) : null}
      {copyId !== null ? (
        <p role="status" className="rounded-lg border border-line bg-surface p-3 text-sm">
          <Link to={`/me/note/detail?id=${copyId}`} className="font-semibold text-link underline">
            {t("editor.conflict.saveCopy")} ✓
          </Link>
        </p>
      ) : null}
      {conflict ? (
        <ConflictPanel
          texts={{
            title: t("editor.conflict.title"),
            text: t("editor.conflict.text", { version: conflict.version }),
            mine: t("editor.conflict.mine"),
            theirs: t("editor.conflict.theirs"),
            loading: t("editor.conflict.loading"),
          }}
          mine={fields}
          theirs={conflict.theirs}
        >
          <button type="button" className={primary} onClick={() => void keepMine()} disabled={!conflict.theirs}>
            {t("editor.conflict.keepMine")}
          </button>
          <button type="button" className={secondary} onClick={takeTheirs} disabled={!conflict.theirs}>
            {t("editor.conflict.useTheirs")}
          </button>
          <button type="button" className={secondary} onClick={() => void saveMineAsNew()} disabled={!conflict.theirs}>
            {t("editor.conflict.saveCopy")}
          </button>
          <button type="button" className={secondary} onClick={() => void copyMine()}>
            {t("editor.conflict.copy")}
          </button>
        </ConflictPanel>
      ) : null}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("editor.title")}
        <input
          className={`${field} h-11 text-base`}
          value={fields.title}
          maxLength={NOTE_TITLE_MAX}
          onChange={(event) => set({ title: event.target.value })}
          autoComplete="off"
        />
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-tags-field`} className="text-sm font-semibold">
          {t("editor.tags")}
        </label>
        <input
          id={`${ids}-tags-field`}
          className={`${field} h-11 text-base`}
          value={fields.tags}
          aria-describedby={`${ids}-tags`}
          onChange={(event) => set({ tags: event.target.value })}
          autoComplete="off"
        />
        <span id={`${ids}-tags`} className="text-xs text-fg-muted">
          {t("editor.tagsHint", { count: NOTE_TAGS_MAX })}
        </span>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-body`} className="text-sm font-semibold">
          {t("editor.body")}
        </label>
        <p id={`${ids}-hint`} className="text-xs text-fg-muted">
          {t("editor.bodyHint")}
        </p>
        <textarea
          id={`${ids}-body`}
          value={fields.body}
          maxLength={NOTE_BODY_MAX}
          rows={14}
          spellCheck
          aria-describedby={`${ids}-hint`}
          onChange={(event) => set({ body: event.target.value })}
          className="min-h-64 w-full rounded-md border border-line bg-surface p-2 font-mono text-base"
        />
      </div>
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-fg-muted" data-save-state={dirty ? "dirty" : save.kind}>
        {saveText(save, dirty)}
      </p>
      <section aria-labelledby={`${ids}-preview`} className="rounded-xl border border-line bg-surface p-4">
        <h2 id={`${ids}-preview`} className="text-sm font-bold text-fg-muted">
          {t("editor.preview")}
        </h2>
        {server?.html ? (
          <div className={`${prose} ${taskBoxes} mt-2`} dangerouslySetInnerHTML={{ __html: server.html }} inert />
        ) : (
          <p className="mt-2 text-sm text-fg-muted">{t("editor.previewEmpty")}</p>
        )}
      </section>
    </div>
  );

  function saveText(state: SaveState, changed: boolean): string {
    switch (state.kind) {
      case "saving":
        return t("editor.saving");
      case "saved":
        return changed ? t("editor.unsaved") : t("editor.saved", { time: formatDate(state.at, language, { time: "short", local: true }) });
      case "needs-title":
        return t("editor.needsTitle");
      case "offline":
        return t("editor.offline");
      case "failed":
        return t("editor.failed", { reason: state.message });
      default:
        return changed ? t("editor.unsaved") : "";
    }
  }
}
