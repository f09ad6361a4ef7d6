/**
 * The audit log in /admin: every moderator and admin decision, newest first (a moderator sees the
 * moderation decisions only), with what it changed, from which address, filtered by a plain GET form
 * and exported as CSV with the same filters. Served as islands (decision 042): the first entries are
 * server HTML; the button that loads older ones (`AuditMore`) is an island the admin wakes by using it.
 */
import { useState } from "react";
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS, type AuditEntry, type AuditState } from "../../../universal/moderation/moderation-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { adminMemberHref } from "../../shared/routing/admin-links.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";

/** The messages an entry shows. */
const ENTRY_MESSAGES = ["audit", "queue.unknownAuthor"];

const listClass = "mt-3 flex flex-col divide-y divide-line rounded-lg border border-line bg-surface text-sm";
const fieldClass = "mt-1 h-11 w-full rounded-md border border-line bg-surface px-3 text-fg";

/** The log's filters as the page's query names them (each empty when not set). */
export const AUDIT_FILTER_FIELDS = ["action", "targetKind", "targetId", "actor", "from", "to"] as const;
export type AuditFilterValues = Record<(typeof AUDIT_FILTER_FIELDS)[number], string>;

/** The filters set, as a query string (`?action=…`), or "" when none is. */
export function auditQueryString(filters: AuditFilterValues): string {
  const query = new URLSearchParams();
  for (const field of AUDIT_FILTER_FIELDS) if (filters[field]) query.set(field, filters[field]);
  const text = query.toString();
  return text ? `?${text}` : "";
}

export function AuditLog({
  i18n,
  entries,
  pageSize,
  filters,
  invalid,
  actions = AUDIT_ACTIONS,
  membersLinked = false,
}: {
  i18n: RouteMessages;
  entries: AuditEntry[];
  pageSize: number;
  filters: AuditFilterValues;
  /** The filters could not be read: the list shows every entry instead. */
  invalid: boolean;
  /** The actions this viewer may read (a moderator: the moderation decisions). */
  actions?: readonly string[];
  /** A member the entry is about links to their page in the admin area (an admin's log). */
  membersLinked?: boolean;
}) {
  const { t } = useRouteMessages(i18n);
  const last = entries.at(-1);
  const query = auditQueryString(filters);
  const anything = t("audit.anything");
  return (
    <section aria-labelledby="audit-log" className="mt-8">
      <h2 id="audit-log" className="text-xl font-bold">
        {t("audit.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("audit.lead")}</p>
      <form method="get" action="/admin#audit-log" className="mt-3 rounded-lg border border-line bg-surface p-3 text-sm">
        <input type="hidden" name="section" value="audit" />
        <fieldset>
          <legend className="font-semibold">{t("audit.filters.title")}</legend>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <label className="col-span-2 sm:col-span-1">
              {t("audit.filters.action")}
              <select name="action" defaultValue={filters.action} className={fieldClass}>
                <option value="">{t("audit.filters.anyAction")}</option>
                {actions.map((action) => (
                  <option key={action} value={action}>
                    {t(`audit.actions.${action}`, { kind: anything, defaultValue: action })}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("audit.filters.targetKind")}
              <select name="targetKind" defaultValue={filters.targetKind} className={fieldClass}>
                <option value="">{t("audit.filters.anyKind")}</option>
                {AUDIT_TARGET_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`audit.targetKinds.${kind}`, { defaultValue: kind })}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("audit.filters.targetId")}
              <input name="targetId" defaultValue={filters.targetId} maxLength={200} className={fieldClass} />
            </label>
            <label>
              {t("audit.filters.actor")}
              <input name="actor" defaultValue={filters.actor} maxLength={64} className={fieldClass} />
            </label>
            <label>
              {t("audit.filters.from")}
              <input type="date" name="from" defaultValue={filters.from} className={fieldClass} />
            </label>
            <label>
              {t("audit.filters.to")}
              <input type="date" name="to" defaultValue={filters.to} className={fieldClass} />
            </label>
          </div>
          <p className="mt-2 text-fg-muted">{t("audit.filters.gameTime")}</p>
        </fieldset>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button type="submit" className="min-h-10 rounded-md bg-brand px-4 font-semibold text-on-brand">
            {t("audit.filters.apply")}
          </button>
          {query ? (
            <a
              href="/admin?section=audit#audit-log"
              className="min-h-10 content-center rounded-md border border-line px-4 hover:bg-surface-muted"
            >
              {t("audit.filters.clear")}
            </a>
          ) : null}
          <a
            href={`/api/admin/audit.csv${query}`}
            download
            className="min-h-10 content-center rounded-md border border-line px-4 hover:bg-surface-muted"
          >
            {t("audit.filters.export")}
          </a>
        </div>
      </form>
      {invalid ? (
        <p role="alert" className="mt-3 text-accent">
          {t("audit.filters.invalid")}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="mt-3 text-fg-muted">{t("audit.empty")}</p>
      ) : (
        <AuditEntries i18n={i18n} entries={entries} membersLinked={membersLinked} />
      )}
      {last && entries.length >= pageSize ? (
        <Island
          name="audit-more"
          component={AuditMore}
          props={{ i18n: pickMessages(i18n, ENTRY_MESSAGES), after: last.id, pageSize, query, membersLinked }}
          when="used"
        />
      ) : null}
    </section>
  );
}

/** What a decision changed, as `field: before → after` for each field either side names and the decision changed. */
function changes(before: AuditState, after: AuditState): { field: string; before: string; after: string }[] {
  const show = (value: unknown) => (value === undefined ? "–" : typeof value === "string" ? value : JSON.stringify(value));
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: show(before?.[field]), after: show(after?.[field]) }))
    .filter((change) => !before || change.before !== change.after);
}

function AuditEntries({ i18n, entries, membersLinked }: { i18n: RouteMessages; entries: AuditEntry[]; membersLinked: boolean }) {
  const { t } = useRouteMessages(i18n);
  return (
    <ol className={listClass}>
      {entries.map((entry) => {
        const kind = t(`audit.targetKinds.${entry.targetKind}`, { defaultValue: entry.targetKind });
        return (
          <li key={entry.id} className="flex flex-wrap gap-x-2 px-3 py-2">
            <time className="text-fg-muted" dateTime={new Date(entry.createdAt).toISOString()}>
              {formatDate(entry.createdAt, i18n.language, { date: "short", time: "short" })}
            </time>
            <span>
              <span className="font-semibold">{entry.actor?.displayName || t("queue.unknownAuthor")}</span>{" "}
              {t(`audit.actions.${entry.action}${entry.undo ? "_undo" : ""}`, { kind, defaultValue: entry.action })}
            </span>
            {membersLinked && entry.targetKind === "member" ? (
              <a href={adminMemberHref(entry.targetId)} className="text-link underline underline-offset-2">
                {t("audit.target", { kind, id: entry.targetId })}
              </a>
            ) : (
              <span className="text-fg-muted">{t("audit.target", { kind, id: entry.targetId })}</span>
            )}
            {entry.ip ? <span className="text-fg-muted">{t("audit.ip", { ip: entry.ip })}</span> : null}
            {entry.note ? <span className="basis-full text-fg-muted">“{entry.note}”</span> : null}
            {entry.before || entry.after ? (
              <dl className="basis-full text-xs text-fg-muted">
                {changes(entry.before, entry.after).map((change) => (
                  <div key={change.field} className="flex flex-wrap gap-x-1">
                    <dt className="font-semibold">{change.field}:</dt>
                    <dd className="break-all">
                      {entry.before ? (
                        <>
                          <span className="sr-only">{t("audit.before")} </span>
                          {change.before} <span aria-hidden="true">→</span>
                          <span className="sr-only"> {t("audit.after")}</span>{" "}
                        </>
                      ) : null}
                      {change.after}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export interface AuditMoreProps {
  /** The moderation namespace's `audit` and `queue.unknownAuthor`. */
  i18n: RouteMessages;
  /** The last entry the page shows. */
  after: number;
  pageSize: number;
  /** The filters the page shows, as a query string (`?action=…` or ""). */
  query: string;
  membersLinked: boolean;
}

/** The log's "more": older entries, under the server's. */
export function AuditMore({ i18n, after, pageSize, query, membersLinked }: AuditMoreProps) {
  const { t } = useRouteMessages(i18n);
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    if (loading) return;
    const cursor = entries.at(-1)?.id ?? after;
    setLoading(true);
    const filters = query ? `&${query.slice(1)}` : "";
    const answer = await apiJson<AuditEntry[]>(`/api/admin/audit?cursor=${cursor}&limit=${pageSize}${filters}`);
    setLoading(false);
    if (!answer.ok) return;
    setMore(answer.data.length >= pageSize);
    setEntries((current) => [...current, ...answer.data.filter((entry) => !current.some((each) => each.id === entry.id))]);
  }

  return (
    <>
      {entries.length > 0 ? <AuditEntries i18n={i18n} entries={entries} membersLinked={membersLinked} /> : null}
      {more ? (
        <button
          type="button"
          onClick={() => void loadMore()}
          disabled={loading}
          className="mt-3 min-h-10 rounded-md border border-line px-4 hover:bg-surface-muted disabled:opacity-60"
        >
          {t("audit.more")}
        </button>
      ) : null}
    </>
  );
}
