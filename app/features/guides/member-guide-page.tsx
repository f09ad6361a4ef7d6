/**
 * A guide a member wrote, on `/guide?id=m--{n}`: the approved text, its author, its revision history
 * (`&rev=` an older one) and, for signed-in readers other than the author, a report button. Loaded
 * only on these pages.
 */
import { LazyReportDialog } from "../../shared/moderation/lazy-report-dialog.tsx";
import { useState } from "react";
import { Link } from "react-router";
import { memberGuideHref, type PublishedGuide } from "../../../universal/guides/guide-limits.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { ReportTarget } from "../../shared/moderation/report-dialog.tsx";
import { EntryBreadcrumbs } from "../../shared/ui/catalog-parts.tsx";
import { Article, TocList, type RenderedArticle } from "./guide-pages.tsx";

export type MemberGuideView = PublishedGuide & {
  article: RenderedArticle;
  /** Whether the viewer wrote it (an edit link is shown). */
  own: boolean;
};

function ReportButton({ id, moderationI18n, label }: { id: number; moderationI18n: RouteMessages; label: string }) {
  useRouteMessages(moderationI18n);
  const [target, setTarget] = useState<ReportTarget | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => setTarget({ kind: "guide", id: String(id) })}
        className="inline-flex min-h-6 items-center text-link underline underline-offset-2"
      >
        {label}
      </button>
      <LazyReportDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

export default function MemberGuidePage({
  i18n,
  guidesI18n,
  moderationI18n,
  language,
  guide,
}: {
  i18n: RouteMessages;
  guidesI18n: RouteMessages;
  /** Signed-in readers other than the author may report the guide. */
  moderationI18n: RouteMessages | null;
  language: string;
  guide: MemberGuideView;
}) {
  const { t } = useRouteMessages(i18n);
  const { t: g } = useRouteMessages(guidesI18n);
  const { revision, article } = guide;
  const date = (at: number) => formatDate(at, language, { date: "medium" });
  const old = revision.number !== guide.latest;
  return (
    <div className="mx-auto max-w-5xl">
      <EntryBreadcrumbs listKey="guide" current={revision.title} />
      <div className="lg:grid lg:grid-cols-[1fr_16rem] lg:gap-8">
        <article className="min-w-0 rounded-xl border border-line bg-surface p-4 sm:p-6" lang={revision.language}>
          {old ? (
            <p role="note" className="mb-4 rounded-lg border border-accent p-3 text-sm" lang={language}>
              {g("article.oldRevision", { number: revision.number, date: date(revision.createdAt) })}{" "}
              <Link to={memberGuideHref(guide.id)} className="font-semibold text-link underline underline-offset-2">
                {g("article.readLatest")}
              </Link>
            </p>
          ) : null}
          <p className="text-sm text-fg-muted" lang={language}>
            {t(`guide.categories.${revision.category}`)} · {t("guide.updated", { date: date(revision.createdAt) })}
          </p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{revision.title}</h1>
          <p className="mt-2 text-fg-muted" lang={language}>
            {g("article.by")}{" "}
            <Link to={`/users?id=${encodeURIComponent(guide.author.uid)}`} className="font-semibold text-link underline underline-offset-2">
              {guide.author.displayName}
            </Link>
            {guide.own ? (
              <>
                {" · "}
                <Link to={`/guide?edit=${guide.id}`} className="text-link underline underline-offset-2">
                  {g("article.edit")}
                </Link>
              </>
            ) : null}
            {moderationI18n ? (
              <>
                {" · "}
                <ReportButton id={guide.id} moderationI18n={moderationI18n} label={g("article.report")} />
              </>
            ) : null}
          </p>
          {article.toc.length > 0 ? (
            <nav aria-label={t("guide.toc")} className="mt-4 rounded-lg border border-line p-3 lg:hidden" lang={language}>
              <TocList toc={article.toc} title={t("guide.toc")} />
            </nav>
          ) : null}
          <Article html={article.html} />
          <Link to="/guide" className="mt-6 inline-block text-sm text-link underline underline-offset-2" lang={language}>
            {t("guide.all")}
          </Link>
        </article>
        <aside className="mt-6 flex flex-col gap-4 lg:mt-0">
          {article.toc.length > 0 ? (
            <nav
              aria-label={`${t("guide.toc")} (${revision.title})`}
              className="hidden rounded-xl border border-line bg-surface p-4 lg:block"
            >
              <TocList toc={article.toc} title={t("guide.toc")} />
            </nav>
          ) : null}
          <section aria-labelledby="guide-history" className="rounded-xl border border-line bg-surface p-4">
            <h2 id="guide-history" className="mb-2 text-sm font-bold">
              {g("article.history")}
            </h2>
            <ol className="flex flex-col gap-1 text-sm">
              {guide.revisions.map((each) => (
                <li key={each.number}>
                  {each.number === revision.number ? (
                    <span aria-current="page" className="inline-flex min-h-6 items-center font-semibold">
                      {g("article.revision", { number: each.number, date: date(each.createdAt) })}
                      {each.number === guide.latest ? ` (${g("article.current")})` : ""}
                    </span>
                  ) : (
                    <Link
                      to={memberGuideHref(guide.id, each.number === guide.latest ? undefined : each.number)}
                      className="inline-flex min-h-6 items-center text-link underline underline-offset-2"
                    >
                      {g("article.revision", { number: each.number, date: date(each.createdAt) })}
                      {each.number === guide.latest ? ` (${g("article.current")})` : ""}
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </div>
  );
}
