/**
 * `/me/note/detail?id=`: one note, its markdown rendered on the server with checklist items that
 * tick in place (each tick a versioned save), pin and delete; `&edit=1` opens the editor. Without an
 * id, a new note in the editor. Served as islands: the note (its view, its actions and its editor) is
 * one island the member wakes by using it, the first click, focus and what is typed played again once
 * it is ready; when the editor is open and the device keeps a draft of the note, it hydrates as the
 * page loads, so the draft shows at once (`wakeIfStored`).
 */
import { useCallback, useRef, useState, type MouseEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { setChecklistItem, type Note } from "../../../universal/notes/note-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { MessageWithTime } from "../../shared/ui/countdown.tsx";
import { prose } from "../../shared/ui/prose.ts";
import { useHydrated } from "../../shared/use-hydrated.ts";
import { noteDraftKey, readCopy } from "./note-drafts.ts";
import { NoteEditor } from "./note-editor.tsx";
import { noteError } from "./notes-errors.ts";
import { buttonClass, tagHref } from "./notes-list-page.tsx";

/** The namespace's parts the note's island shows (its view, its editor and their refusals). */
export const NOTE_MESSAGES = ["detail", "editor", "errors"] as const;

/** The same classes as the editor's (kept here so the view does not load the editor's chunk). */
const taskBoxes =
  "[&_.task-item]:list-none [&_.task-item]:-ml-6 [&_input[type=checkbox]]:mr-2 [&_input[type=checkbox]]:size-6 [&_input[type=checkbox]]:cursor-pointer [&_input[type=checkbox]]:align-middle [&_input[type=checkbox]]:accent-brand";

export interface NoteDetailProps {
  /** The page's notes namespace (the island carries its `NOTE_MESSAGES`). */
  i18n: RouteMessages;
  note: Note | null;
}

const secondary = `${buttonClass} border border-line bg-surface hover:bg-surface-muted`;

export function NoteDetailPage({ i18n, note }: NoteDetailProps) {
  const { t } = useRouteMessages(i18n);
  const [params] = useSearchParams();
  // A kept draft shows at once where the editor is open as the page loads (a new note, `&edit=1`).
  const editing = note === null || params.has("edit");
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs current={note?.title ?? t("detail.newTitle")} />
      <p className="mb-2">
        <Link to="/me/note" className="inline-flex min-h-10 items-center font-semibold text-link underline underline-offset-2">
          ← {t("detail.back")}
        </Link>
      </p>
      <Island
        name="note-detail"
        component={NoteDetail}
        props={{ i18n: pickMessages(i18n, NOTE_MESSAGES), note }}
        when="used"
        wakeIfStored={editing ? noteDraftKey(note?.id ?? null) : undefined}
      />
    </div>
  );
}

/** The note's title, actions, view and editor: the island. */
export function NoteDetail({ i18n, note: loaded }: NoteDetailProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const navigate = useNavigate();
  const [params, setParams] = useUrlParams();
  const [note, setNote] = useState<Note | null>(loaded);
  // A new note stays in the editor while its address changes to the note's (`?id=…&edit=1`).
  const editing = params.has("edit") || note === null;
  /** The note the address names (a new note's first save names it). */
  const addressed = useRef(loaded?.id ?? null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [seen, setSeen] = useState(loaded);
  // The page hydrates the editor the server rendered; a copy this device kept of the note opens it
  // again with that copy right after (the island hydrates as the page loads when there is one).
  // Whether there was a copy is read once, as the island wakes (before anything typed meanwhile is
  // played into the editor, which keeps a copy of its own): a copy written after the load, or under a
  // new note's first id, must not open the editor again and drop what is being typed.
  const hydrated = useHydrated();
  const [copyAtLoad] = useState(() => typeof window !== "undefined" && readCopy(loaded?.id ?? null) !== null);
  const keptAtLoad = hydrated && copyAtLoad;
  if (loaded !== seen) {
    setSeen(loaded);
    if (loaded && (!note || note.id !== loaded.id || note.version < loaded.version)) setNote(loaded);
  }

  const saved = useCallback(
    (next: Note) => {
      setNote(next);
      if (next.id === addressed.current) return;
      addressed.current = next.id;
      setParams({ id: String(next.id), edit: "1" });
    },
    [setParams],
  );

  /** A versioned change from the view (a tick, the pin): a stale one shows the latest note and says so. */
  async function change(changes: Partial<Pick<Note, "body" | "pinned">>) {
    if (!note || busy) return;
    setBusy(true);
    const answer = await apiJson<Note>(`/api/notes/${note.id}`, { method: "PATCH", body: { ...changes, version: note.version } });
    setBusy(false);
    if (answer.ok) {
      setNote(answer.data);
      setMessage(t("detail.tickSaved"));
      return;
    }
    if (answer.code === "aborted") {
      const latest = await apiJson<Note>(`/api/notes/${note.id}`);
      if (latest.ok) setNote(latest.data);
      setMessage(t("detail.tickStale"));
      return;
    }
    setMessage(noteError(t, answer));
  }

  function tick(event: MouseEvent<HTMLDivElement>) {
    const box = event.target as HTMLElement;
    if (!(box instanceof HTMLInputElement) || !box.dataset.taskLine || !note) return;
    event.preventDefault();
    void change({ body: setChecklistItem(note.body, Number(box.dataset.taskLine), !box.defaultChecked) });
  }

  async function remove() {
    if (!note || !window.confirm(t("detail.deleteConfirm"))) return;
    const answer = await apiJson(`/api/notes/${note.id}`, { method: "DELETE" });
    if (!answer.ok) return setMessage(noteError(t, answer));
    void navigate("/me/note", { replace: true });
  }

  const title = note?.title ?? t("detail.newTitle");
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-bold break-words sm:text-3xl">{title}</h1>
        {note ? (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondary} onClick={() => setParams({ edit: editing ? null : "1" })}>
              {editing ? t("detail.done") : t("detail.edit")}
            </button>
            <button
              type="button"
              className={secondary}
              aria-pressed={note.pinned}
              disabled={busy}
              onClick={() => void change({ pinned: !note.pinned })}
            >
              {note.pinned ? t("detail.unpin") : t("detail.pin")}
            </button>
            <button type="button" className={secondary} onClick={() => void remove()}>
              {t("detail.delete")}
            </button>
          </div>
        ) : null}
      </div>
      {note ? (
        <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-fg-muted">
          <span>
            <MessageWithTime message={(time) => t("detail.updated", { time })} at={note.updatedAt} language={language} />
          </span>
          {note.tags.length > 0 ? (
            <span className="flex flex-wrap gap-2">
              <span className="sr-only">{t("detail.tags")}:</span>
              {note.tags.map((each) => (
                <Link key={each} to={tagHref(each)} className="inline-flex min-h-6 items-center text-link underline">
                  #{each}
                </Link>
              ))}
            </span>
          ) : null}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className={message ? "mt-3 rounded-md bg-surface-muted px-3 py-2 text-sm" : "sr-only"}>
        {message ?? ""}
      </p>
      <div className="mt-4">
        {editing || !note ? (
          <NoteEditor key={keptAtLoad ? "device" : "server"} language={language} note={note} onSaved={saved} device={hydrated} />
        ) : note.body.trim() ? (
          <div
            className={`${prose} ${taskBoxes} rounded-xl border border-line bg-surface p-4`}
            onClick={tick}
            aria-busy={busy}
            dangerouslySetInnerHTML={{ __html: note.html }}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-line p-6 text-center text-fg-muted">{t("detail.empty")}</p>
        )}
      </div>
    </div>
  );
}
