/**
 * Published guides moderators hid after a report, in /admin beside the review queue: who wrote each,
 * when it was hidden, whether a new version waits for review, and a button that puts the guide back
 * in /guide (`POST /api/guides/{id}/restore`, recorded in the audit log). The server checks the
 * permission again; a moderator's own guide is another moderator's to restore.
 */
import { useState } from "react";
import { Link } from "react-router";
import type { HiddenGuide } from "../../../universal/guides/guide-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";

const refusals: Record<string, string> = {
  "not-found": "hidden.gone",
  "permission-denied": "hidden.own",
};

export function HiddenGuides({ i18n, guides }: { i18n: RouteMessages; guides: HiddenGuide[] }) {
  const { t } = useRouteMessages(i18n);
  const [restored, setRestored] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const shown = guides.filter((guide) => !restored.has(guide.id));

  async function restore(guide: HiddenGuide) {
    setBusy(guide.id);
    const answer = await apiJson(`/api/guides/${guide.id}/restore`, { method: "POST" });
    setBusy(null);
    if (!answer.ok) return setStatus({ error: true, text: t(refusals[answer.code] ?? "hidden.failed") });
    setRestored((current) => new Set([...current, guide.id]));
    setStatus({ error: false, text: t("hidden.restored", { title: guide.title }) });
  }

  return (
    <section aria-labelledby="hidden-guides" className="mt-8">
      <h2 id="hidden-guides" className="text-xl font-bold">
        {t("hidden.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("hidden.lead")}</p>
      <p role={status?.error ? "alert" : "status"} className={`mt-2 text-sm ${status?.error ? "text-accent" : "text-fg-muted"}`}>
        {status?.text ?? ""}
      </p>
      {shown.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-line p-4 text-fg-muted">{t("hidden.empty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label={t("hidden.title")}>
          {shown.map((guide) => (
            <li key={guide.id} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p lang={guide.language} className="font-semibold break-words">
                  {guide.title}
                </p>
                <p className="mt-1 text-sm">
                  <Link to={`/users?id=${encodeURIComponent(guide.author.uid)}`} className="text-link underline">
                    {guide.author.displayName}
                  </Link>{" "}
                  <span className="text-fg-muted">· {t("hidden.on", { date: formatDate(guide.hiddenAt, i18n.language) })}</span>
                  {guide.inReview ? <span className="text-fg-muted"> · {t("hidden.inReview")}</span> : null}
                </p>
              </div>
              <button
                type="button"
                disabled={busy === guide.id}
                onClick={() => void restore(guide)}
                aria-label={t("hidden.restoreLabel", { title: guide.title })}
                className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-md border border-line px-4 font-semibold hover:bg-surface-muted disabled:opacity-60"
              >
                {t("hidden.restore")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
