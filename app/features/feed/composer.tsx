/**
 * Writing a post: markdown text, the post's language, a linked catalog entry found by name, and up
 * to four images checked here before they are sent (the server checks again and re-encodes them).
 * Loaded when a member opens it, so readers never download it.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { languages, type Language } from "../../../universal/i18n/languages.ts";
import {
  POST_BODY_MAX,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_TYPES,
  POST_IMAGES_MAX,
  referenceKindOf,
  type Post,
} from "../../../universal/feed/feed-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { MentionList, useMentionPicker, type Mentionable } from "../../shared/ui/mention-picker.tsx";
import { useCaretAfterRender } from "../../shared/ui/use-caret.ts";
import { feedError } from "./feed-errors.ts";
import { newClientId } from "../../shared/new-client-id.ts";

interface EntryHit {
  ref: string;
  name: { vi: string; en: string };
  icon: string | null;
}

const SEARCH_DEBOUNCE_MS = 200;

function useEntrySearch(query: string): EntryHit[] {
  const [answer, setAnswer] = useState<{ query: string; hits: EntryHit[] }>({ query: "", hits: [] });
  const text = query.trim();
  useEffect(() => {
    if (text.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void apiJson<{ kind: string; id: string; name: { vi: string; en: string }; icon: string | null }[]>(
        `/api/v1/search?${new URLSearchParams({ q: text.slice(0, 100), limit: "8" })}`,
        { signal: controller.signal },
      ).then((answer) => {
        if (!answer.ok) return;
        const hits = answer.data.flatMap((hit) => {
          const kind = referenceKindOf.get(hit.kind);
          return kind ? [{ ref: `${kind}:${hit.id}`, name: hit.name, icon: hit.icon }] : [];
        });
        setAnswer({ query: text, hits });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  // An answer for an older query is not shown.
  return answer.query === text ? answer.hits : [];
}

interface Picked {
  file: File;
  url: string;
}

export function Composer({ defaultLanguage, onPosted }: { defaultLanguage: Language; onPosted(post: Post): void }) {
  const { t, i18n } = useTranslation("feed");
  const [body, setBody] = useState("");
  const [lang, setLang] = useState<Language>(defaultLanguage);
  const [images, setImages] = useState<Picked[]>([]);
  const [entry, setEntry] = useState<EntryHit | null>(null);
  const [entryQuery, setEntryQuery] = useState("");
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const hits = useEntrySearch(entry ? "" : entryQuery);
  // One id per post being written: a retry after a lost answer never posts twice.
  const clientId = useRef(newClientId());
  const bodyField = useRef<HTMLTextAreaElement>(null);
  const placeCaret = useCaretAfterRender(bodyField);
  // `@` suggests members from the directory (listed members only); the server notifies a unique name.
  const mentions = useMentionPicker("/api/users?limit=6");
  const ids = { body: useId(), lang: useId(), entry: useId(), entryList: useId(), images: useId(), hint: useId(), count: useId() };
  const size = POST_IMAGE_MAX_BYTES / 1024 / 1024;

  useEffect(() => () => images.forEach((image) => URL.revokeObjectURL(image.url)), [images]);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (images.length + files.length > POST_IMAGES_MAX)
      return setStatus({ error: true, text: t("errors.imageCount", { count: POST_IMAGES_MAX }) });
    if (files.some((file) => !(POST_IMAGE_TYPES as readonly string[]).includes(file.type)))
      return setStatus({ error: true, text: t("errors.imageFormat") });
    if (files.some((file) => file.size > POST_IMAGE_MAX_BYTES)) return setStatus({ error: true, text: t("errors.imageSize", { size }) });
    setStatus(null);
    setImages((current) => [...current, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!body.trim()) return setStatus({ error: true, text: t("errors.empty") });
    setSending(true);
    setStatus(null);
    const form = new FormData();
    form.set("body", body);
    form.set("lang", lang);
    form.set("clientId", clientId.current);
    if (entry) form.set("entry", entry.ref);
    for (const image of images) form.append("images", image.file, image.file.name);
    const answer = await apiJson<Post>("/api/feed/posts", { body: form });
    setSending(false);
    if (!answer.ok) return setStatus({ error: true, text: feedError(t, answer) });
    clientId.current = newClientId();
    mentions.reset();
    setBody("");
    setImages([]);
    setEntry(null);
    setEntryQuery("");
    setStatus({ error: false, text: t("composer.posted") });
    onPosted(answer.data);
  }

  function chooseMention(member: Mentionable) {
    const next = mentions.pick(body, member);
    placeCaret(next.caret);
    setBody(next.text);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <div className="relative">
        <label htmlFor={ids.body} className="font-semibold">
          {t("composer.label")}
        </label>
        <textarea
          id={ids.body}
          ref={bodyField}
          // Opened by the member's own click or key ("Write a post…"), which the form replaces: the
          // focus goes where they will type, not back to the page.
          autoFocus
          value={body}
          {...mentions.inputProps}
          maxLength={POST_BODY_MAX}
          aria-describedby={ids.count}
          placeholder={t("composer.placeholder")}
          onChange={(event) => {
            setBody(event.target.value);
            mentions.follow(event.target.value, event.target.selectionStart);
          }}
          onKeyDown={(event) => void mentions.onKeyDown(event, chooseMention)}
          className="mt-1 min-h-28 w-full rounded-md border border-line bg-bg p-3 text-fg"
        />
        <MentionList {...mentions.listState} label={t("composer.mentions")} placement="below" onChoose={chooseMention} />
        <p id={ids.count} className="text-right text-xs text-fg-muted">
          {t("composer.characters", { count: body.length, max: POST_BODY_MAX })}
        </p>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.lang} className="text-sm font-semibold">
            {t("composer.lang")}
          </label>
          <select
            id={ids.lang}
            value={lang}
            onChange={(event) => setLang(event.target.value as Language)}
            className="mt-1 h-10 w-full rounded-md border border-line bg-surface px-2 text-sm text-fg"
          >
            {languages.map((each) => (
              <option key={each} value={each}>
                {t(`langs.${each}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="relative">
          <label htmlFor={ids.entry} className="text-sm font-semibold">
            {t("composer.entry")}
          </label>
          {entry ? (
            <p className="mt-1 flex min-h-10 items-center gap-2 rounded-md border border-line px-2 text-sm">
              {entry.icon ? <GameIcon icon={entry.icon} size={24} /> : null}
              <span className="flex-1 truncate">{localize(entry.name, i18n.language)}</span>
              <button
                id={ids.entry}
                type="button"
                onClick={() => setEntry(null)}
                aria-label={t("composer.entryRemove", { name: localize(entry.name, i18n.language) })}
                className="inline-flex size-8 items-center justify-center rounded hover:bg-surface-muted"
              >
                <span aria-hidden="true">×</span>
              </button>
            </p>
          ) : (
            <>
              <input
                id={ids.entry}
                type="search"
                value={entryQuery}
                autoComplete="off"
                placeholder={t("composer.entryPlaceholder")}
                aria-controls={ids.entryList}
                onChange={(event) => setEntryQuery(event.target.value)}
                className="mt-1 h-10 w-full rounded-md border border-line bg-surface px-2 text-sm text-fg"
              />
              {entryQuery.trim().length >= 2 ? (
                <ul
                  id={ids.entryList}
                  className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
                >
                  {hits.length === 0 ? <li className="px-2 py-2 text-sm text-fg-muted">{t("composer.entryNone")}</li> : null}
                  {hits.map((hit) => (
                    <li key={hit.ref}>
                      <button
                        type="button"
                        onClick={() => (setEntry(hit), setEntryQuery(""))}
                        className="flex min-h-10 w-full items-center gap-2 rounded px-2 text-left text-sm hover:bg-surface-muted"
                      >
                        {hit.icon ? <GameIcon icon={hit.icon} size={24} /> : null}
                        {localize(hit.name, i18n.language)}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </div>
      </div>

      <div>
        <input
          id={ids.images}
          type="file"
          multiple
          accept={POST_IMAGE_TYPES.join(",")}
          aria-describedby={ids.hint}
          onChange={pick}
          disabled={images.length >= POST_IMAGES_MAX}
          className="peer sr-only"
        />
        <label
          htmlFor={ids.images}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-line px-3 text-sm font-semibold hover:bg-surface-muted peer-focus-visible:outline-2 peer-focus-visible:outline-brand-secondary peer-disabled:opacity-50"
        >
          {t("composer.images")}
        </label>
        <p id={ids.hint} className="mt-1 text-xs text-fg-muted">
          {t("composer.imagesHint", { count: POST_IMAGES_MAX, size })}
        </p>
        {images.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {images.map((image, index) => (
              <li key={image.url} className="relative">
                <img src={image.url} alt="" width={80} height={80} className="size-20 rounded-md border border-line object-cover" />
                <button
                  type="button"
                  onClick={() => setImages((current) => current.filter((each) => each !== image))}
                  aria-label={t("composer.imageRemove", { index: index + 1 })}
                  className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full border border-line bg-surface text-sm"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="flex items-center justify-between gap-3">
        <p role={status?.error ? "alert" : "status"} className="text-sm font-semibold">
          {status?.text ?? ""}
        </p>
        <button
          type="submit"
          disabled={sending}
          className="min-h-11 shrink-0 rounded-md bg-brand px-5 font-semibold text-on-brand disabled:opacity-60"
        >
          {sending ? t("composer.posting") : t("composer.submit")}
        </button>
      </div>
    </form>
  );
}
