/** The audit log in /admin (admins): every moderator and admin decision, newest first. */
import { useState } from "react";
import type { AuditEntry } from "../../../universal/moderation/moderation-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";

export function AuditLog({ entries: initial, pageSize }: { entries: AuditEntry[]; pageSize: number }) {
  const { t, i18n } = useTranslation("moderation");
  const [entries, setEntries] = useState(initial);
  const [more, setMore] = useState(initial.length >= pageSize);
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    const last = entries.at(-1);
    if (!last || loading) return;
    setLoading(true);
    const answer = await apiJson<AuditEntry[]>(`/api/audit?cursor=${last.id}&limit=${pageSize}`);
    setLoading(false);
    if (!answer.ok) return;
    setMore(answer.data.length >= pageSize);
    setEntries((current) => [...current, ...answer.data.filter((entry) => !current.some((each) => each.id === entry.id))]);
  }

  return (
    <section aria-labelledby="audit-log" className="mt-8">
      <h2 id="audit-log" className="text-xl font-bold">
        {t("audit.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("audit.lead")}</p>
      {entries.length === 0 ? (
        <p className="mt-3 text-fg-muted">{t("audit.empty")}</p>
      ) : (
        <ol className="mt-3 flex flex-col divide-y divide-line rounded-lg border border-line bg-surface text-sm">
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
      )}
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
    </section>
  );
}
