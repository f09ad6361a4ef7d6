/**
 * The guides waiting for review, in /admin beside the moderation queue: each with its author, when
 * it was sent and its text as it would be published (flagged when a moderator had hidden the guide
 * after a report); approve, or send back with a reason. The
 * server checks each decision again; a guide another moderator decided first says so. Served as islands
 * (decision 042): the guides are server HTML; each one's decision (`GuideDecision`) is an island the
 * moderator wakes by using it.
 */
import { useState } from "react";
import { GUIDE_REASON_MAX, memberGuideHref, type GuideDraft } from "../../../universal/guides/guide-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { Link } from "react-router";
import { Article } from "./guide-pages.tsx";

export type ReviewGuide = GuideDraft & { html: string };

export function GuideReviewQueue({ i18n, guides }: { i18n: RouteMessages; guides: ReviewGuide[] }) {
  const { t } = useRouteMessages(i18n);
  return (
    <section aria-labelledby="guide-review" className="mt-8">
      <h2 id="guide-review" className="text-xl font-bold">
        {t("review.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("review.lead")}</p>
      <p role="status" className="mt-2 text-sm text-fg-muted">
        {t("review.count", { count: guides.length })}
      </p>
      {guides.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-line p-4 text-fg-muted">{t("review.empty")}</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-4" aria-label={t("review.title")}>
          {guides.map((guide) => (
            <li key={guide.id}>
              <ReviewCard guide={guide} i18n={i18n} t={t} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The messages a guide's decision shows. */
const DECISION_MESSAGES = [
  "review.reason",
  "review.reasonHint",
  "review.approve",
  "review.reject",
  "review.approved",
  "review.rejected",
  "review.stale",
  "review.failed",
];

function ReviewCard({
  guide,
  i18n,
  t,
}: {
  guide: ReviewGuide;
  i18n: RouteMessages;
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  const language = i18n.language;
  const id = `guide-review-${guide.id}`;
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-surface p-4">
      <h3 id={`${id}-title`} className="text-lg font-bold" lang={guide.language}>
        {guide.title}
      </h3>
      <p className="text-sm text-fg-muted">
        {t("review.meta", {
          author: guide.author.displayName,
          date: formatDate(guide.submittedAt ?? guide.updatedAt, language, { date: "medium", time: "short" }),
        })}
        {guide.published && !guide.hidden ? (
          <>
            {" · "}
            <Link to={memberGuideHref(guide.id)} className="text-link underline underline-offset-2">
              {t("review.update")}
            </Link>
          </>
        ) : null}
      </p>
      {guide.hidden ? (
        <p className="mt-2 rounded-md border border-accent px-3 py-2 text-sm">
          <strong>{t("review.wasHidden")}</strong> {t("review.wasHiddenHint")}
        </p>
      ) : null}
      <details className="mt-2 rounded-lg border border-line p-3">
        <summary className="min-h-6 cursor-pointer font-semibold">{t("review.read")}</summary>
        <div lang={guide.language}>
          <Article html={guide.html} />
        </div>
      </details>
      <Island
        name="guide-decision"
        component={GuideDecision}
        props={{ i18n: pickMessages(i18n, DECISION_MESSAGES), id: guide.id }}
        when="used"
      />
    </article>
  );
}

/** A guide's decision: approve, or send back with a reason; and how it went. */
export function GuideDecision({ i18n, id: guideId }: { i18n: RouteMessages; id: number }) {
  const { t } = useRouteMessages(i18n);
  // Fixed ids (the guide's): the server and the woken island render the same.
  const id = `guide-review-${guideId}`;
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ done: boolean; text: string } | null>(null);

  async function decide(action: "approve" | "reject") {
    setBusy(true);
    const answer = await apiJson<GuideDraft>(
      `/api/guides/${guideId}/${action}`,
      action === "reject" ? { body: { reason } } : { method: "POST" },
    );
    setBusy(false);
    if (answer.ok) setOutcome({ done: true, text: t(action === "approve" ? "review.approved" : "review.rejected") });
    else if (answer.status === 409) setOutcome({ done: true, text: t("review.stale") });
    else setOutcome({ done: false, text: t("review.failed", { message: answer.message }) });
  }

  return outcome?.done ? (
    <p role="status" className="mt-3 font-semibold">
      {outcome.text}
    </p>
  ) : (
    <div className="mt-3 flex flex-col gap-2">
      <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
        {t("review.reason")}
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        maxLength={GUIDE_REASON_MAX}
        rows={2}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setReason(event.target.value)}
        className="rounded-md border border-line bg-surface p-2 text-sm"
      />
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {t("review.reasonHint")}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => void decide("approve")}
          className="inline-flex min-h-10 items-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60"
        >
          {t("review.approve")}
        </button>
        <button
          type="button"
          disabled={busy || reason.trim() === ""}
          onClick={() => void decide("reject")}
          className="inline-flex min-h-10 items-center rounded-md border border-accent px-4 font-semibold text-accent hover:bg-surface-muted disabled:opacity-60"
        >
          {t("review.reject")}
        </button>
      </div>
      {outcome ? (
        <p role="alert" className="text-sm">
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
