/**
 * The content editor in /admin (admins, issue 44): find an entry of any kind, edit it in a form
 * generated from the pack's schema (or start a new one), save it to the draft, delete it; publish or
 * discard the draft; restore an earlier version; import a pack's zip, download the pack or a kind.
 * Served as islands (decision 042): the draft and the versions are server HTML, the editor wakes when
 * the admin first uses it. The server checks everything again and names the field it refuses.
 */
import { useMemo, useState, type FormEvent } from "react";
import type { ContentVersion, DraftChange } from "../../../universal/content/content-editor-limits.ts";
import { PACK_KINDS, PACK_KIND_NAMES, type PackKind } from "../../../universal/content/pack-schema.ts";
import { collectionOf, describeSchema, emptyValue } from "../../../universal/content/schema-form.ts";
import { apiJson, type ApiRefusal } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { SchemaField } from "./schema-field.tsx";

const input = "mt-1 min-h-10 w-full rounded-md border border-line bg-surface px-3 text-fg";
const button = "inline-flex min-h-10 items-center rounded-md border border-line px-4 text-sm font-semibold";
const primary = "inline-flex min-h-10 items-center rounded-md bg-brand px-4 text-sm font-semibold text-on-brand disabled:opacity-60";

type Entry = { id: string; name?: { vi?: string; en?: string } } & Record<string, unknown>;
type Status = { ok: boolean; text: string } | null;

export interface ContentEditorProps {
  i18n: RouteMessages;
  draft: DraftChange[];
  versions: ContentVersion[];
}

export function ContentEditor({ i18n, draft: loadedDraft, versions: loadedVersions }: ContentEditorProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const [kind, setKind] = useState<PackKind>("items");
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<{ entries: Entry[]; draft: Record<string, string>; total: number; next: string | null } | null>(
    null,
  );
  const [editing, setEditing] = useState<{ id: string | null; value: unknown } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [draft, setDraft] = useState(loadedDraft);
  const [versions, setVersions] = useState(loadedVersions);
  const [busy, setBusy] = useState(false);
  const node = useMemo(() => describeSchema(PACK_KINDS[kind].entry), [kind]);
  const collection = collectionOf(kind);

  const refusal = (answer: ApiRefusal) => {
    if (answer.status === 0 || answer.status >= 500) return t("failed");
    const field = typeof answer.details.field === "string" ? answer.details.field : "";
    if (!field) return t("refused", { message: answer.message });
    // The field as the form labels it ("Tên › Tiếng Việt"), and the reason without the path the server put before it.
    const named = field
      .split(".")
      .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : t(`fieldNames.${part}`, { defaultValue: part })))
      .join(" › ");
    const message = answer.message.startsWith(`${field}: `) ? answer.message.slice(field.length + 2) : answer.message;
    return t("refusedField", { field: named, message });
  };
  const reloadLists = async () => {
    const [nextDraft, nextVersions] = await Promise.all([
      apiJson<DraftChange[]>("/api/admin/content/draft"),
      apiJson<ContentVersion[]>("/api/admin/content/versions"),
    ]);
    if (nextDraft.ok) setDraft(nextDraft.data);
    if (nextVersions.ok) setVersions(nextVersions.data);
  };

  /** The first page of entries found, or (`more`) the next one after those shown. */
  async function find(event?: FormEvent, more = false) {
    event?.preventDefault();
    const cursor = more && results?.next ? `&cursor=${results.next}` : "";
    const answer = await apiJson<Entry[], { draft: Record<string, string>; total: number; nextCursor: string | null }>(
      `/api/admin/content/${collection}?q=${encodeURIComponent(query)}${cursor}`,
    );
    if (!answer.ok) return setStatus({ ok: false, text: refusal(answer) });
    setResults({
      entries: more && results ? [...results.entries, ...answer.data] : answer.data,
      draft: answer.body.draft,
      total: answer.body.total,
      next: answer.body.nextCursor,
    });
  }

  async function open(id: string) {
    const answer = await apiJson<Entry>(`/api/admin/content/${collection}/${encodeURIComponent(id)}`);
    if (!answer.ok) return setStatus({ ok: false, text: refusal(answer) });
    setInvalid(null);
    setStatus(null);
    setEditing({ id, value: answer.data });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    setBusy(true);
    const answer = editing.id
      ? await apiJson<Entry>(`/api/admin/content/${collection}/${encodeURIComponent(editing.id)}`, { method: "PATCH", body: editing.value })
      : await apiJson<Entry>(`/api/admin/content/${collection}`, { method: "POST", body: editing.value });
    setBusy(false);
    if (!answer.ok) {
      // The server names a list's item as the pack format does (`inputs[0].item`); the form's fields, `inputs.0.item`.
      setInvalid(typeof answer.details.field === "string" ? answer.details.field.replace(/\[(\d+)\]/g, ".$1") : null);
      return setStatus({ ok: false, text: refusal(answer) });
    }
    setInvalid(null);
    setEditing({ id: answer.data.id, value: answer.data });
    setStatus({ ok: true, text: t("saved") });
    await Promise.all([reloadLists(), results ? find() : Promise.resolve()]);
  }

  async function remove() {
    if (!editing?.id || !window.confirm(t("confirmDelete", { id: editing.id }))) return;
    setBusy(true);
    const answer = await apiJson(`/api/admin/content/${collection}/${encodeURIComponent(editing.id)}`, { method: "DELETE" });
    setBusy(false);
    if (!answer.ok) return setStatus({ ok: false, text: refusal(answer) });
    setEditing(null);
    setStatus({ ok: true, text: t("deleted") });
    await Promise.all([reloadLists(), results ? find() : Promise.resolve()]);
  }

  async function publish() {
    setBusy(true);
    const answer = await apiJson<ContentVersion>("/api/admin/content/publish", { method: "POST", body: {} });
    setBusy(false);
    if (!answer.ok) return setStatus({ ok: false, text: refusal(answer) });
    setStatus({ ok: true, text: t("draft.published", { number: answer.data.number }) });
    await reloadLists();
  }

  async function discard() {
    if (busy || !window.confirm(t("draft.confirmDiscard"))) return;
    const answer = await apiJson("/api/admin/content/draft", { method: "DELETE" });
    if (!answer.ok) return setStatus({ ok: false, text: refusal(answer) });
    setStatus({ ok: true, text: t("draft.discarded") });
    await reloadLists();
  }

  async function restore(version: ContentVersion) {
    if (!window.confirm(t("versions.confirmRestore", { number: version.number }))) return;
    setBusy(true);
    const answer = await apiJson<ContentVersion>(`/api/admin/content/versions/${version.id}/restore`, { method: "POST", body: {} });
    setBusy(false);
    if (!answer.ok) return setStatus({ ok: false, text: refusal(answer) });
    setStatus({ ok: true, text: t("versions.restored", { number: answer.data.number }) });
    await reloadLists();
  }

  async function importPack(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const answer = await apiJson<ContentVersion>("/api/admin/content/import", { body: form });
    setBusy(false);
    if (!answer.ok)
      return setStatus({ ok: false, text: answer.status === 400 ? t("files.refused", { message: answer.message }) : refusal(answer) });
    setStatus({ ok: true, text: t("files.imported", { number: answer.data.number }) });
    await reloadLists();
  }

  return (
    <div className="mt-3 flex flex-col gap-4 text-sm">
      {status ? (
        // Kept in view below the app bar while the admin is down in a long form (its buttons are at the end).
        <p
          role="status"
          className={`sticky top-16 z-10 rounded-md px-3 py-2 shadow-md ${status.ok ? "bg-surface-muted" : "border border-accent bg-accent-soft"}`}
        >
          {status.text}
        </p>
      ) : (
        <p role="status" className="sr-only" />
      )}
      <form
        onSubmit={(event) => void find(event)}
        className="grid gap-3 rounded-lg border border-line bg-surface p-4 sm:grid-cols-[12rem_1fr_auto]"
      >
        <label className="font-semibold">
          {t("kind")}
          <select
            name="kind"
            value={kind}
            className={input}
            onChange={(event) => {
              setKind(event.target.value as PackKind);
              setResults(null);
              setEditing(null);
            }}
          >
            {PACK_KIND_NAMES.map((each) => (
              <option key={each} value={each}>
                {t(`kinds.${each}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="font-semibold">
          {t("search")}
          <input name="q" type="search" value={query} onChange={(event) => setQuery(event.target.value)} className={input} />
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className={primary}>
            {t("find")}
          </button>
          <button
            type="button"
            className={button}
            onClick={() => {
              setInvalid(null);
              setStatus(null);
              setEditing({ id: null, value: emptyValue(node) });
            }}
          >
            {t("new")}
          </button>
        </div>
      </form>
      {results ? (
        <section aria-label={t("results")} className="rounded-lg border border-line bg-surface p-3">
          <p className="text-fg-muted">{t("count", { count: results.total })}</p>
          {results.entries.length === 0 ? <p>{t("noResults")}</p> : null}
          <ul className="mt-2 flex flex-col gap-1">
            {results.entries.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="min-h-8 text-left text-link underline-offset-2 hover:underline"
                  onClick={() => void open(entry.id)}
                >
                  {entry.name?.[language === "en-US" ? "en" : "vi"] ?? entry.id} <span className="text-fg-muted">({entry.id})</span>
                </button>
                {results.draft[entry.id] ? (
                  <span className="ms-2 rounded bg-surface-muted px-2 py-0.5 text-xs">{t(`ops.${results.draft[entry.id]}`)}</span>
                ) : null}
              </li>
            ))}
          </ul>
          {results.next ? (
            <button type="button" className={`${button} mt-2`} onClick={() => void find(undefined, true)}>
              {t("more")}
            </button>
          ) : null}
        </section>
      ) : null}
      {editing ? (
        <form
          onSubmit={(event) => void save(event)}
          className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
          aria-label={editing.id ? t("editing", { id: editing.id }) : t("creating")}
        >
          <h3 className="font-bold">{editing.id ? t("editing", { id: editing.id }) : t("creating")}</h3>
          <SchemaField
            i18n={i18n}
            node={node}
            name={t(`kinds.${kind}`)}
            path=""
            value={editing.value}
            onChange={(value) => setEditing({ ...editing, value })}
            invalid={invalid}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primary} disabled={busy}>
              {t("save")}
            </button>
            {editing.id ? (
              <button type="button" className={button} disabled={busy} onClick={() => void remove()}>
                {t("delete")}
              </button>
            ) : null}
            <button type="button" className={button} onClick={() => setEditing(null)}>
              {t("close")}
            </button>
          </div>
        </form>
      ) : null}
      <DraftList i18n={i18n} draft={draft} busy={busy} onPublish={() => void publish()} onDiscard={() => void discard()} />
      <VersionList i18n={i18n} versions={versions} busy={busy} onRestore={(version) => void restore(version)} />
      <section aria-labelledby="content-files" className="rounded-lg border border-line bg-surface p-4">
        <h3 id="content-files" className="font-bold">
          {t("files.title")}
        </h3>
        <p className="mt-2 flex flex-wrap gap-3">
          <a href="/api/admin/content/export" download className="text-link underline">
            {t("files.export")}
          </a>
          <a href={`/api/admin/content/${collection}.csv`} download className="text-link underline">
            {t("files.csv", { kind: t(`kinds.${kind}`) })}
          </a>
        </p>
        <form onSubmit={(event) => void importPack(event)} className="mt-3 flex flex-wrap items-end gap-2">
          <label className="font-semibold">
            {t("files.file")}
            <input type="file" name="file" accept=".zip,application/zip" required className="mt-1 block min-h-10" />
          </label>
          <button type="submit" className={button} disabled={busy}>
            {t("files.import")}
          </button>
        </form>
      </section>
    </div>
  );
}

export function DraftList({
  i18n,
  draft,
  busy = false,
  onPublish,
  onDiscard,
}: {
  i18n: RouteMessages;
  draft: DraftChange[];
  busy?: boolean;
  onPublish?: () => void;
  onDiscard?: () => void;
}) {
  const { t } = useRouteMessages(i18n);
  return (
    <section aria-labelledby="content-draft" className="rounded-lg border border-line bg-surface p-4">
      <h3 id="content-draft" className="font-bold">
        {t("draft.title")}
      </h3>
      {draft.length === 0 ? <p className="mt-1 text-fg-muted">{t("draft.empty")}</p> : null}
      <ul className="mt-2 flex flex-col gap-1" aria-label={t("draft.title")}>
        {draft.map((change) => (
          <li key={`${change.kind}/${change.id}`}>
            {change.kind}/{change.id} · {t(`ops.${change.op}`)}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primary} disabled={busy || draft.length === 0} onClick={onPublish}>
          {t("draft.publish")}
        </button>
        <button type="button" className={button} disabled={busy || draft.length === 0} onClick={onDiscard}>
          {t("draft.discard")}
        </button>
      </div>
    </section>
  );
}

export function VersionList({
  i18n,
  versions,
  busy = false,
  onRestore,
}: {
  i18n: RouteMessages;
  versions: ContentVersion[];
  busy?: boolean;
  onRestore?: (version: ContentVersion) => void;
}) {
  const { t } = useRouteMessages(i18n);
  return (
    <section aria-labelledby="content-versions" className="rounded-lg border border-line bg-surface p-4">
      <h3 id="content-versions" className="font-bold">
        {t("versions.title")}
      </h3>
      <ul className="mt-2 flex flex-col gap-2" aria-label={t("versions.title")}>
        {versions.map((version) => (
          <li key={version.id} className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{t("versions.number", { number: version.number })}</span>
            <span className="text-fg-muted">
              {t(`versions.sources.${version.source}`, { from: version.restoredFrom ?? "" })} ·{" "}
              {formatDate(version.createdAt, i18n.language, { date: "short", time: "short" })}
              {version.createdBy ? ` · ${t("versions.by", { name: version.createdBy.displayName })}` : ""}
            </span>
            {version.current ? (
              <span className="rounded bg-surface-muted px-2 py-0.5 text-xs font-semibold">{t("versions.current")}</span>
            ) : (
              <button
                type="button"
                className={button}
                disabled={busy}
                aria-label={`${t("versions.restore")} ${t("versions.number", { number: version.number })}`}
                onClick={() => onRestore?.(version)}
              >
                {t("versions.restore")}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
