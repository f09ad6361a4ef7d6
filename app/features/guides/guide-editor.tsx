/**
 * The guide editor: markdown with a live preview (rendered by the server's safe renderer), `[[`
 * to link a catalog entry, autosave with the version the text is based on, and a copy on the device
 * until the server has it. A save refused as stale (409 `aborted`) writes nothing and shows both
 * texts; the writer chooses, nothing is overwritten silently.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useCaretAfterRender } from "../../shared/ui/use-caret.ts";
import { ConflictPanel as SideBySide } from "../../shared/ui/conflict-panel.tsx";
import type { SearchHit } from "../../../server/content-api/search.ts";
import { kindEntryHref } from "../../../universal/content/kind-links.ts";
import {
  GUIDE_AUTOSAVE_MS,
  GUIDE_BODY_MAX,
  GUIDE_TITLE_MAX,
  memberGuideCategories,
  memberGuideHref,
  type GuideDraft,
} from "../../../universal/guides/guide-limits.ts";
import { languages } from "../../../universal/i18n/languages.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { limitRefusalText } from "../../shared/api/limit-text.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { newClientId } from "../../shared/new-client-id.ts";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { listboxKey } from "../../shared/ui/listbox-keys.ts";
import { useAutosave, useConflictChoices, type SaveState } from "../../shared/use-autosave.ts";
import { Link } from "react-router";
import { Article } from "./guide-pages.tsx";
import { copyOutcome, dropCopy, insertLink, linkQueryAt, readCopy, sameFields, writeCopy, type GuideFields } from "./guide-drafts.ts";

const PREVIEW_DELAY_MS = 400;
const SUGGEST_DELAY_MS = 200;
const SUGGESTIONS = 6;

interface Conflict {
  version: number;
  theirs: GuideDraft | null;
}

export interface EditorProps {
  language: string;
  /** The server's copy (null: a new guide). */
  guide: GuideDraft | null;
  /** Called once a new guide exists on the server, and after it is submitted or deleted. */
  onCreated(id: number): void;
  onChanged(): void;
  onDeleted(): void;
}

const buttonClass = "inline-flex min-h-10 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-60";
const primary = `${buttonClass} bg-brand text-on-brand`;
const secondary = `${buttonClass} border border-line hover:bg-surface-muted`;

function fieldsOf(guide: GuideDraft | null, language: string): GuideFields {
  if (!guide) return { title: "", body: "", lang: language === "en-US" ? "en-US" : "vi", category: "beginner" };
  return { title: guide.title, body: guide.body, lang: guide.language, category: guide.category };
}

/** A search hit's page, for a markdown link (kinds without a page are not offered). */
function hitHref(hit: SearchHit): string | null {
  if (hit.kind === "levels") return "/level";
  return kindEntryHref(
    hit.kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
    hit.id,
  );
}

/** What the editor opens with: the server's copy, or the copy this device kept (restored, or beside the server's). */
function openingState(guide: GuideDraft | null, language: string) {
  const copy = readCopy(guide?.id ?? null);
  const server = fieldsOf(guide, language);
  if (!guide) {
    const restored = copy !== null && (copy.title !== "" || copy.body !== "");
    return {
      fields: copy ?? server,
      conflict: null,
      notice: restored ? ("restored" as const) : null,
      clientId: copy?.clientId ?? newClientId("guide"),
    };
  }
  const outcome = copyOutcome(copy, { ...server, version: guide.version });
  return {
    fields: copy && outcome !== "none" ? (copy as GuideFields) : server,
    conflict: outcome === "conflict" ? { version: guide.version, theirs: guide } : null,
    notice: outcome === "restore" ? ("restored" as const) : null,
    clientId: null,
  };
}

export function GuideEditor({ language, guide, onCreated, onChanged, onDeleted }: EditorProps) {
  const { t } = useTranslation("guides");
  const ids = useId();
  const [opening] = useState(() => openingState(guide, language));
  const [fields, setFields] = useState<GuideFields>(opening.fields);
  const [server, setServer] = useState<GuideDraft | null>(guide);
  /** The fields the server holds (what "dirty" compares with). */
  const [saved, setSaved] = useState<GuideFields>(() => fieldsOf(guide, language));
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [conflict, setConflict] = useState<Conflict | null>(opening.conflict);
  const [notice, setNotice] = useState<"restored" | "submitted" | null>(opening.notice);
  // The same values for the save in flight, which outlives the render that started it.
  const clientId = useRef<string | null>(opening.clientId);
  const latest = useRef(fields);
  const savedRef = useRef(saved);
  const serverRef = useRef(server);
  const conflictRef = useRef(conflict);
  useEffect(() => {
    latest.current = fields;
    conflictRef.current = conflict;
  }, [fields, conflict]);

  const keepCopy = useCallback((next: GuideFields) => {
    const current = serverRef.current;
    writeCopy(current?.id ?? null, {
      ...next,
      baseVersion: current?.version ?? 0,
      clientId: clientId.current,
      at: Date.now(),
    });
  }, []);

  const holdServer = useCallback((next: GuideDraft) => {
    const nextFields = fieldsOf(next, next.language);
    serverRef.current = next;
    savedRef.current = nextFields;
    setServer(next);
    setSaved(nextFields);
  }, []);

  const dirty = !sameFields(fields, saved);

  const blocked = useCallback(() => conflictRef.current !== null, []);
  const upToDate = useCallback((sent: GuideFields) => serverRef.current !== null && sameFields(sent, savedRef.current), []);

  /** Sends the text; answers whether the server has it. */
  const send = useCallback(
    async (sent: GuideFields): Promise<boolean> => {
      const current = serverRef.current;
      const answer = current
        ? await apiJson<GuideDraft>(`/api/guides/${current.id}`, { method: "PATCH", body: { ...sent, version: current.version } })
        : await apiJson<GuideDraft>("/api/guides", { body: { ...sent, clientId: clientId.current ?? undefined } });
      if (answer.ok) {
        holdServer(answer.data);
        if (!current) {
          dropCopy(null);
          onCreated(answer.data.id);
        }
        if (sameFields(latest.current, sent)) dropCopy(answer.data.id);
        else keepCopy(latest.current);
        setSave({ kind: "saved", at: Date.now() });
        return true;
      }
      if (answer.code === "aborted" && current) {
        const version = Number(answer.details.version ?? current.version);
        setConflict({ version, theirs: null });
        const theirs = await apiJson<GuideDraft>(`/api/guides/${current.id}`);
        setConflict({ version, theirs: theirs.ok ? theirs.data : null });
        setSave({ kind: "unsaved" });
        return false;
      }
      if (answer.status === 0 || answer.status >= 500) {
        setSave({ kind: "offline" });
        return false;
      }
      setSave({ kind: "failed", message: limitRefusalText(t, answer, language) ?? answer.message });
      return false;
    },
    [keepCopy, holdServer, onCreated, t, language],
  );

  const saveNow = useAutosave(
    { fields, dirty, held: conflict !== null, delayMs: GUIDE_AUTOSAVE_MS, save, keepCopy },
    { latest, blocked, upToDate, setSave, send },
  );

  // A copy the editor opened without (the same text as the server's) is not needed; once, for the guide it opened.
  const needlessCopy = guide && opening.notice === null && opening.conflict === null ? guide.id : null;
  useEffect(() => {
    if (needlessCopy !== null) dropCopy(needlessCopy);
  }, [needlessCopy]);

  async function submit() {
    if (!(await saveNow())) return;
    const current = serverRef.current;
    if (!current) return;
    const answer = await apiJson<GuideDraft>(`/api/guides/${current.id}/submit`, { method: "POST" });
    if (!answer.ok) {
      setSave({ kind: "failed", message: answer.message });
      return;
    }
    holdServer(answer.data);
    setNotice("submitted");
    onChanged();
  }

  async function remove() {
    const current = serverRef.current;
    if (!current || !window.confirm(t("editor.deleteConfirm"))) return;
    const answer = await apiJson(`/api/guides/${current.id}`, { method: "DELETE" });
    if (!answer.ok) {
      setSave({ kind: "failed", message: answer.message });
      return;
    }
    dropCopy(current.id);
    onDeleted();
  }

  const { keepMine, takeTheirs } = useConflictChoices({
    conflict,
    holdServer,
    close: () => {
      conflictRef.current = null;
      setConflict(null);
    },
    showTheirs: (theirs) => {
      dropCopy(theirs.id);
      setFields(fieldsOf(theirs, theirs.language));
    },
    saveNow,
    setSave,
  });

  const set = (changes: Partial<GuideFields>) => {
    setNotice((current) => (current === "submitted" ? null : current));
    setFields((current) => ({ ...current, ...changes }));
  };

  const status = server?.status ?? "draft";
  return (
    <div className="mt-4 flex flex-col gap-4">
      {notice === "restored" ? (
        <p role="status" className="rounded-lg border border-line bg-surface p-3 text-sm">
          {t("editor.restored")}
        </p>
      ) : null}
      {server?.rejectReason && status === "draft" ? (
        <p role="note" className="rounded-lg border border-accent bg-surface p-3 text-sm">
          {t("workspace.rejected", { reason: server.rejectReason })}
        </p>
      ) : null}
      {conflict ? <ConflictPanel conflict={conflict} mine={fields} onKeepMine={() => void keepMine()} onUseTheirs={takeTheirs} /> : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t("editor.titleLabel")}
          <input
            className={field}
            value={fields.title}
            maxLength={GUIDE_TITLE_MAX}
            onChange={(event) => set({ title: event.target.value })}
            autoComplete="off"
          />
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t("editor.category")}
          <select className={field} value={fields.category} onChange={(event) => set({ category: event.target.value })}>
            {memberGuideCategories.map((category) => (
              <option key={category} value={category}>
                {t(`editor.categories.${category}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t("editor.language")}
          <select className={field} value={fields.lang} onChange={(event) => set({ lang: event.target.value })}>
            {languages.map((each) => (
              <option key={each} value={each}>
                {t(`editor.languages.${each}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <MarkdownField id={`${ids}-body`} value={fields.body} onChange={(body) => set({ body })} />
        <Preview body={fields.body} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={primary}
          onClick={() => void submit()}
          disabled={!!conflict || status === "review" || save.kind === "saving"}
        >
          {t("editor.submit")}
        </button>
        {server && server.published && !server.hidden ? (
          <Link to={memberGuideHref(server.id)} className={secondary}>
            {t("workspace.view")}
          </Link>
        ) : null}
        {server ? (
          <button type="button" className={secondary} onClick={() => void remove()}>
            {t("editor.delete")}
          </button>
        ) : null}
        <p role="status" aria-live="polite" className="text-sm text-fg-muted">
          {saveText(t, save, language, dirty)}
        </p>
      </div>
      {notice === "submitted" ? (
        <p role="status" className="rounded-lg border border-line bg-surface p-3 text-sm">
          {t("editor.submitted")}
        </p>
      ) : status === "review" ? (
        <p className="text-sm text-fg-muted">{t("editor.inReview")}</p>
      ) : server?.published ? (
        <p className="text-sm text-fg-muted">{t("editor.publishedNote")}</p>
      ) : null}
    </div>
  );
}

function saveText(
  t: (key: string, options?: Record<string, unknown>) => string,
  save: SaveState,
  language: string,
  dirty: boolean,
): string {
  switch (save.kind) {
    case "saving":
      return t("editor.saving");
    case "saved":
      return dirty ? t("editor.unsaved") : t("editor.saved", { time: formatDate(save.at, language, { time: "short", local: true }) });
    case "needs-title":
      return t("editor.needsTitle");
    case "offline":
      return t("editor.offline");
    case "failed":
      return t("editor.saveFailed", { message: save.message });
    case "unsaved":
      return t("editor.unsaved");
    default:
      return dirty ? t("editor.unsaved") : "";
  }
}

function ConflictPanel({
  conflict,
  mine,
  onKeepMine,
  onUseTheirs,
}: {
  conflict: Conflict;
  mine: GuideFields;
  onKeepMine(): void;
  onUseTheirs(): void;
}) {
  const { t } = useTranslation("guides");
  return (
    <SideBySide
      texts={{
        title: t("editor.conflict.title"),
        text: t("editor.conflict.text", { version: conflict.version }),
        mine: t("editor.conflict.mine"),
        theirs: t("editor.conflict.theirs"),
        loading: t("editor.conflict.loading"),
      }}
      mine={mine}
      theirs={conflict.theirs}
    >
      <button type="button" className={primary} onClick={onKeepMine} disabled={!conflict.theirs}>
        {t("editor.conflict.keepMine")}
      </button>
      <button type="button" className={secondary} onClick={onUseTheirs} disabled={!conflict.theirs}>
        {t("editor.conflict.useTheirs")}
      </button>
    </SideBySide>
  );
}

/** The markdown textarea with the `[[` catalog autocomplete (a listbox the arrows, Enter and Escape drive). */
function MarkdownField({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const { t, i18n } = useTranslation("guides");
  const area = useRef<HTMLTextAreaElement>(null);
  const placeCaret = useCaretAfterRender(area);
  const [link, setLink] = useState<{ start: number; query: string } | null>(null);
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [active, setActive] = useState(0);
  const listId = `${id}-suggestions`;

  useEffect(() => {
    if (!link || link.query.trim().length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const answer = await apiJson<SearchHit[]>(
        `/api/v1/search?${new URLSearchParams({ q: link.query.trim(), limit: String(SUGGESTIONS) })}`,
        {
          signal: controller.signal,
        },
      );
      if (answer.ok) {
        setHits(answer.data.filter((hit) => hitHref(hit) !== null));
        setActive(0);
      }
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [link]);

  const track = (element: HTMLTextAreaElement) => setLink(linkQueryAt(element.value, element.selectionStart));

  function choose(hit: SearchHit) {
    const element = area.current;
    const href = hitHref(hit);
    if (!element || !link || !href) return;
    const name = i18n.language === "vi" ? hit.name.vi : hit.name.en;
    const next = insertLink(element.value, link.start, element.selectionStart, name, href);
    placeCaret(next.caret);
    onChange(next.text);
    setLink(null);
    setHits([]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!link || link.query.trim().length < 2 || hits.length === 0) return;
    const move = listboxKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }, active, hits.length, {
      tabChooses: true,
    });
    if (!move) return;
    event.preventDefault();
    if (move.kind === "move") setActive(move.active);
    else if (move.kind === "choose") {
      const hit = hits[active];
      if (hit) choose(hit);
    } else {
      setLink(null);
      setHits([]);
    }
  }

  function startLink() {
    const element = area.current;
    if (!element) return;
    const caret = element.selectionStart;
    const next = `${element.value.slice(0, caret)}[[${element.value.slice(element.selectionEnd)}`;
    placeCaret(caret + 2);
    onChange(next);
    setLink({ start: caret, query: "" });
  }

  const shown = link !== null && link.query.trim().length >= 2 ? hits : [];
  const open = shown.length > 0;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          {t("editor.body")}
        </label>
        <button
          type="button"
          onClick={startLink}
          className="inline-flex min-h-8 items-center rounded-md border border-line px-2 text-sm hover:bg-surface-muted"
        >
          {t("editor.linkEntry")}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {t("editor.bodyHint")}
      </p>
      <textarea
        id={id}
        ref={area}
        value={value}
        maxLength={GUIDE_BODY_MAX}
        rows={18}
        spellCheck
        aria-describedby={`${id}-hint`}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          track(event.target);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) track(event.currentTarget);
        }}
        onClick={(event) => track(event.currentTarget)}
        onBlur={() => setTimeout(() => setHits([]), 150)}
        className="min-h-72 w-full rounded-md border border-line bg-surface p-2 font-mono text-sm"
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label={t("editor.suggestions")} className="rounded-md border border-line bg-surface p-1 shadow">
          {shown.map((hit, index) => (
            <li
              key={`${hit.kind}/${hit.id}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(hit);
              }}
              className={`flex min-h-10 cursor-pointer items-center rounded px-2 text-sm ${index === active ? "bg-surface-muted font-semibold" : ""}`}
            >
              {i18n.language === "vi" ? hit.name.vi : hit.name.en}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The text as the guide page will show it, rendered by the server's safe renderer a moment after typing stops. */
function Preview({ body }: { body: string }) {
  const { t } = useTranslation("guides");
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!body.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const answer = await apiJson<{ html: string }>("/api/guides/preview", { body: { body }, signal: controller.signal });
      if (controller.signal.aborted) return;
      setFailed(!answer.ok);
      if (answer.ok) setHtml(answer.data.html);
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body]);
  return (
    <section aria-label={t("editor.preview")} className="min-w-0 rounded-xl border border-line bg-surface p-4">
      <h2 className="text-sm font-bold text-fg-muted">{t("editor.preview")}</h2>
      {failed ? <p className="mt-2 text-sm text-fg-muted">{t("editor.previewFailed")}</p> : null}
      {html && body.trim() ? <Article html={html} /> : <p className="mt-2 text-sm text-fg-muted">{t("editor.previewEmpty")}</p>}
    </section>
  );
}
