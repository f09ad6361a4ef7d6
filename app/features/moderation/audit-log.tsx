/**
 * The audit log in /admin (admins): every moderator and admin decision, newest first. Served as islands
 * (decision 042): the first entries are server HTML; the button that loads older ones (`AuditMore`) is
 * an island the admin wakes by using it.
 */
import { useState } from "react";
import type { AuditEntry } from "../../../universal/moderation/moderation-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";

/** The messages an entry shows. */
const ENTRY_MESSAGES = ["audit", "queue.unknownAuthor"];

const listClass = "mt-3 flex flex-col divide-y divide-line rounded-lg border border-line bg-surface text-sm";

export function AuditLog({ i18n, entries, pageSize }: { i18n: RouteMessages; entries: AuditEntry[]; pageSize: number }) {
  const { t } = useRouteMessages(i18n);
  const last = entries.at(-1);
  return (
    <section aria-labelledby="audit-log" className="mt-8">
      <h2 id="audit-log" className="text-xl font-bold">
        {t("audit.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("audit.lead")}</p>
      {entries.length === 0 ? <p className="mt-3 text-fg-muted">{t("audit.empty")}</p> : <AuditEntries i18n={i18n} entries={entries} />}
      {last && entries.length >= pageSize ? (
        <Island
          name="audit-more"
          component={AuditMore}
          props={{ i18n: pickMessages(i18n, ENTRY_MESSAGES), after: last.id, pageSize }}
          when="used"
        />
      ) : null}
    </section>
  );
}

function AuditEntries({ i18n, entries }: { i18n: RouteMessages; entries: AuditEntry[] }) {
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
            <span className="text-fg-muted">{t("audit.target", { kind, id: entry.targetId })}</span>
            {entry.note ? <span className="basis-full text-fg-muted">“{entry.note}”</span> : null}
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
}

/** The log's "more": older entries, under the server's. */
export function AuditMore({ i18n, after, pageSize }: AuditMoreProps) {
  const { t } = useRouteMessages(i18n);
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    if (loading) return;
    const cursor = entries.at(-1)?.id ?? after;
    setLoading(true);
    const answer = await apiJson<AuditEntry[]>(`/api/audit?cursor=${cursor}&limit=${pageSize}`);
    setLoading(false);
    if (!answer.ok) return;
    setMore(answer.data.length >= pageSize);
    setEntries((current) => [...current, ...answer.data.filter((entry) => !current.some((each) => each.id === entry.id))]);
  }

  return (
    <>
      {entries.length > 0 ? <AuditEntries i18n={i18n} entries={entries} /> : null}
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
