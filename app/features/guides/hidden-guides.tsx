/**
 * Published guides moderators hid after a report, in /admin beside the review queue: who wrote each,
 * when it was hidden, whether a new version waits for review, and a button that puts the guide back
 * in /guide (`POST /api/guides/{id}/restore`, recorded in the audit log). The server checks the
 * permission again; a moderator's own guide is another moderator's to restore.
 */
import { Link } from "react-router";
import type { HiddenGuide } from "../../../universal/guides/guide-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { RestoreList } from "../../shared/moderation/restore-list.tsx";

const refusals: Record<string, string> = {
  "not-found": "hidden.gone",
  "permission-denied": "hidden.own",
};

export function HiddenGuides({ i18n, guides }: { i18n: RouteMessages; guides: HiddenGuide[] }) {
  const { t } = useRouteMessages(i18n);

  async function restore(guide: HiddenGuide) {
    const answer = await apiJson(`/api/guides/${guide.id}/restore`, { method: "POST" });
    return answer.ok
      ? { ok: true, text: t("hidden.restored", { title: guide.title }) }
      : { ok: false, text: t(refusals[answer.code] ?? "hidden.failed") };
  }

  return (
    <RestoreList
      id="hidden-guides"
      items={guides}
      texts={{ title: t("hidden.title"), lead: t("hidden.lead"), empty: t("hidden.empty"), restore: t("hidden.restore") }}
      restoreLabel={(guide) => t("hidden.restoreLabel", { title: guide.title })}
      restore={restore}
    >
      {(guide) => (
        <>
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
        </>
      )}
    </RestoreList>
  );
}
