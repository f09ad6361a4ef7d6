/**
 * The moderation queue in /admin: each report with the thing in context, who reported it and why,
 * and its decisions (hide, delete, dismiss; a scam report: verify, dismiss) with a note. The server checks every decision
 * again; a report another moderator resolved first says so. Served as islands (decision 042): the
 * reports are server HTML; each one's decisions (`ReportDecision`) and the button that loads more
 * (`ModerationMore`) are islands the moderator wakes by using them.
 */
import { useState } from "react";
import { Link } from "react-router";
import type { Report, ReportAction, ReportKind, ReportStatus } from "../../../universal/moderation/moderation-limits.ts";
import { REPORT_NOTE_MAX, reportActionsFor } from "../../../universal/moderation/moderation-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";

const decisionStyle: Record<ReportAction, string> = {
  hide: "bg-brand text-on-brand",
  delete: "border border-accent text-accent hover:bg-surface-muted",
  dismiss: "border border-line hover:bg-surface-muted",
  verify: "bg-brand text-on-brand",
};

export interface QueueProps {
  /** The moderation namespace (the whole of it on the server). */
  i18n: RouteMessages;
  status: ReportStatus;
  reports: Report[];
  open: number;
  pageSize: number;
}

/** The messages a report's decisions show (and that kind's own hints, `queue.kindHints.{kind}`). */
const DECISION_MESSAGES = [
  "queue.noteLabel",
  "queue.decide",
  "queue.actions",
  "queue.hints",
  "queue.done",
  "queue.conflict",
  "queue.failed",
];

export function ModerationQueue({ i18n, status, reports, open, pageSize }: QueueProps) {
  const { t } = useRouteMessages(i18n);
  const last = reports.at(-1);
  const tab = (value: ReportStatus) =>
    `inline-flex min-h-10 items-center rounded-md px-3 font-semibold ${value === status ? "bg-brand text-on-brand" : "hover:bg-surface-muted"}`;
  return (
    <section aria-labelledby="moderation-queue" className="mt-8">
      <h2 id="moderation-queue" className="text-xl font-bold">
        {t("queue.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("queue.lead")}</p>
      <nav className="mt-3 flex flex-wrap items-center gap-2" aria-label={t("queue.title")}>
        <Link
          to="/admin?section=moderation"
          className={tab("open")}
          aria-current={status === "open" ? "page" : undefined}
          preventScrollReset
        >
          {t("queue.tabs.open")}
        </Link>
        <Link
          to="/admin?section=moderation&reports=resolved"
          className={tab("resolved")}
          aria-current={status === "resolved" ? "page" : undefined}
          preventScrollReset
        >
          {t("queue.tabs.resolved")}
        </Link>
        <span role="status" className="ms-auto text-sm text-fg-muted">
          {t("queue.openCount", { count: open })}
        </span>
      </nav>
      {reports.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-line p-4 text-fg-muted">
          {status === "open" ? t("queue.empty") : t("queue.emptyResolved")}
        </p>
      ) : (
        <ReportList i18n={i18n} status={status} reports={reports} />
      )}
      {last && reports.length >= pageSize ? (
        <Island
          name="moderation-more"
          component={ModerationMore}
          props={{ i18n: pickMessages(i18n, ["queue"]), status, after: last.id, pageSize }}
          when="used"
        />
      ) : null}
    </section>
  );
}

function ReportList({ i18n, status, reports }: { i18n: RouteMessages; status: ReportStatus; reports: Report[] }) {
  const { t } = useRouteMessages(i18n);
  return (
    <ol className="mt-4 flex flex-col gap-4" aria-label={t(`queue.tabs.${status}`)}>
      {reports.map((report) => (
        <li key={report.id}>
          <ReportCard i18n={i18n} report={report} />
        </li>
      ))}
    </ol>
  );
}

export interface ModerationMoreProps {
  /** The moderation namespace's `queue`. */
  i18n: RouteMessages;
  status: ReportStatus;
  /** The last report the page shows. */
  after: number;
  pageSize: number;
}

/** The queue's "more": the next reports, under the server's, each with its decisions. */
export function ModerationMore({ i18n, status, after, pageSize }: ModerationMoreProps) {
  const { t } = useRouteMessages(i18n);
  const [reports, setReports] = useState<Report[]>([]);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    const cursor = reports.at(-1)?.id ?? after;
    setLoading(true);
    const answer = await apiJson<Report[]>(`/api/reports?status=${status}&cursor=${cursor}&limit=${pageSize}`);
    setLoading(false);
    if (!answer.ok) return;
    setMore(answer.data.length >= pageSize);
    setReports((current) => [...current, ...answer.data.filter((report) => !current.some((each) => each.id === report.id))]);
  }

  return (
    <>
      {reports.length > 0 ? <ReportList i18n={i18n} status={status} reports={reports} /> : null}
      {more ? (
        <button
          type="button"
          onClick={() => void loadMore()}
          disabled={loading}
          className="mt-4 min-h-10 rounded-md border border-line px-4 hover:bg-surface-muted disabled:opacity-60"
        >
          {t("queue.more")}
        </button>
      ) : null}
    </>
  );
}

function ReportCard({ i18n, report }: { i18n: RouteMessages; report: Report }) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const id = `report-${report.id}`;
  const context = report.context;
  const author = context?.author?.displayName || t("queue.unknownAuthor");
  const where = context
    ? t(`queue.where.${context.where.kind}`, {
        // A lounge's or the feed's label is its language; other places' labels are not shown.
        language: context.where.label && ["global", "feed"].includes(context.where.kind) ? t(`common:language.${context.where.label}`) : "",
      })
    : "";
  const others = report.count - 1;
  const resolution = report.resolution;
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-lg border border-line bg-surface p-4" data-report-id={report.id}>
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={`${id}-title`} className="font-semibold">
          {t(`queue.kinds.${report.kind}`)} · {author}
        </h3>
        {where ? <span className="text-sm text-fg-muted">{where}</span> : null}
        {context?.removed ? <span className="rounded bg-surface-muted px-2 text-xs font-semibold">{t("queue.removed")}</span> : null}
        <time className="ms-auto text-sm text-fg-muted" dateTime={new Date(report.createdAt).toISOString()}>
          {formatDate(report.createdAt, language, { date: "short", time: "short" })}
        </time>
      </header>
      <p className="mt-1 text-sm text-fg-muted">
        {others > 0
          ? t("queue.reportedByMore", { count: others, name: report.reporter.displayName })
          : t("queue.reportedBy", { name: report.reporter.displayName })}
      </p>
      {context ? (
        <figure className="mt-3">
          <figcaption className="text-sm font-semibold">{t("queue.context")}</figcaption>
          <ol className="mt-1 flex flex-col gap-1 rounded-md bg-bg p-2 text-sm">
            {context.around.map((line) => (
              <li
                key={line.id}
                className={
                  line.target ? "rounded border-s-4 border-accent bg-surface-muted px-2 py-1 font-medium" : "px-3 py-0.5 text-fg-muted"
                }
              >
                <span className="font-semibold">{line.author?.displayName || t("queue.unknownAuthor")}:</span>{" "}
                <span className="break-words whitespace-pre-wrap">{line.text || t("queue.erased")}</span>
              </li>
            ))}
          </ol>
          {context.images?.length ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {context.images.map((image) => (
                <li key={image.url}>
                  <a href={image.url} target="_blank" rel="noreferrer" className="inline-block">
                    <img
                      src={image.url}
                      width={image.width}
                      height={image.height}
                      alt={t("queue.screenshot")}
                      loading="lazy"
                      className="h-24 w-auto rounded border border-line"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {context.link ? (
            <Link to={context.link} className="mt-1 inline-flex min-h-6 items-center text-sm text-link underline">
              {t("queue.openPlace")}
            </Link>
          ) : null}
        </figure>
      ) : (
        <p className="mt-3 text-sm text-fg-muted">{t("queue.gone")}</p>
      )}
      <div className="mt-3 text-sm">
        <p className="font-semibold">{t("queue.reasons")}</p>
        <ul className="mt-1 list-disc ps-5">
          {report.reasons.map((entry) => (
            <li key={entry.reporter.uid}>
              <span className="font-semibold">{entry.reporter.displayName}:</span> {entry.reason}
            </li>
          ))}
        </ul>
      </div>
      {resolution ? (
        <p className="mt-3 text-sm">
          {t("queue.resolution", {
            action: t(`queue.actions.${resolution.action}`),
            name: resolution.by?.displayName ?? "",
            date: formatDate(resolution.at, language, { date: "short", time: "short" }),
          })}
          {resolution.note ? <span className="block text-fg-muted">{t("queue.resolvedNote", { note: resolution.note })}</span> : null}
        </p>
      ) : (
        <Island
          name="report-decision"
          component={ReportDecision}
          props={{ i18n: pickMessages(i18n, [...DECISION_MESSAGES, `queue.kindHints.${report.kind}`]), id: report.id, kind: report.kind }}
          when="used"
        />
      )}
    </article>
  );
}

export interface ReportDecisionProps {
  /** The moderation namespace's decision messages. */
  i18n: RouteMessages;
  /** The report's id and kind. */
  id: number;
  kind: ReportKind;
}

/** A report's decisions, with a note for the audit log, and how the decision went. */
export function ReportDecision({ i18n, id: reportId, kind }: ReportDecisionProps) {
  const { t } = useRouteMessages(i18n);
  // Fixed ids (the report's): the server and the woken island render the same.
  const id = `report-${reportId}`;
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ done: boolean; text: string } | null>(null);

  async function decide(action: ReportAction) {
    setBusy(true);
    const answer = await apiJson(`/api/reports/${reportId}/resolve`, { body: { action, note } });
    setBusy(false);
    if (answer.ok) setOutcome({ done: true, text: t("queue.done", { action: t(`queue.actions.${action}`) }) });
    else if (answer.status === 409) setOutcome({ done: true, text: t("queue.conflict") });
    else setOutcome({ done: false, text: t("queue.failed") });
  }

  return (
    <>
      {outcome?.done ? null : (
        <form className="mt-3 flex flex-col gap-2" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={`${id}-note`} className="text-sm font-semibold">
            {t("queue.noteLabel")}
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            maxLength={REPORT_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
            className="min-h-16 rounded-md border border-line bg-bg p-2 text-fg"
          />
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t("queue.decide")}</legend>
            {reportActionsFor(kind).map((action) => (
              <button
                key={action}
                type="button"
                disabled={busy}
                // A kind whose decisions mean something of their own (a claim's proof) says so; the others share the words.
                title={t(`queue.kindHints.${kind}.${action}`, { defaultValue: t(`queue.hints.${action}`) })}
                onClick={() => void decide(action)}
                className={`min-h-10 rounded-md px-4 font-semibold disabled:opacity-60 ${decisionStyle[action]}`}
              >
                {t(`queue.actions.${action}`)}
              </button>
            ))}
          </fieldset>
        </form>
      )}
      {outcome ? (
        <p role="status" className="mt-2 rounded-md bg-surface-muted px-3 py-2 text-sm">
          {outcome.text}
        </p>
      ) : null}
    </>
  );
}
