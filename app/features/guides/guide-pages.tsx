import { prose } from "../../shared/ui/prose.ts";
import { RecordView } from "../../shared/content/record-view.tsx";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Link } from "react-router";
import { formatDate } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { EntryBreadcrumbs } from "../../shared/ui/catalog-parts.tsx";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { memberGuideHref, memberGuideId, type PublishedGuideSummary } from "../../../universal/guides/guide-limits.ts";

/** Member guides carry no icon of their own. */
const MEMBER_GUIDE_ICON = "game-icons:scroll-unfurled";

type Localized = { vi: string; en: string };
export interface GuideSummary {
  id: string;
  name: Localized;
  summary: Localized;
  icon: string;
  category: string;
  updatedAt: number;
}
export interface RenderedArticle {
  html: string;
  toc: { depth: number; text: string; id: string }[];
}

/** Markdown rendered on the server by a sanitising renderer (raw HTML escaped, links checked). */

export function Article({ html }: { html: string }) {
  return <div className={prose} dangerouslySetInnerHTML={{ __html: html }} />;
}

const cardClass = "flex h-full gap-3 rounded-xl border border-line bg-surface p-4 hover:bg-surface-muted";
const actionClass = "inline-flex min-h-10 items-center rounded-md border border-line px-3 font-semibold hover:bg-surface-muted";

export function GuideListPage({
  i18n,
  guidesI18n,
  language,
  guides,
  memberGuides,
}: {
  i18n: RouteMessages;
  guidesI18n: RouteMessages;
  language: string;
  guides: GuideSummary[];
  memberGuides: PublishedGuideSummary[];
}) {
  const { t } = useRouteMessages(i18n);
  const { t: g } = useRouteMessages(guidesI18n);
  const { t: common } = useTranslation();
  const categories = [...new Set([...guides, ...memberGuides].map((guide) => guide.category))];
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.guide.title")}</h1>
      <p className="mt-2 text-fg-muted">{common("pages.guide.description")}</p>
      <p className="mt-4 flex flex-wrap gap-2">
        <Link to="/guide?write" className={actionClass}>
          {g("list.write")}
        </Link>
        <Link to="/guide?mine" className={actionClass}>
          {g("list.mine")}
        </Link>
      </p>
      {categories.map((category) => (
        <section key={category} aria-labelledby={`guides-${category}`} className="mt-6">
          <h2 id={`guides-${category}`} className="mb-3 text-lg font-bold">
            {t(`guide.categories.${category}`)}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {guides
              .filter((guide) => guide.category === category)
              .map((guide) => (
                <li key={guide.id}>
                  <Link to={`/guide?id=${guide.id}`} className={cardClass}>
                    <GameIcon icon={guide.icon} size={40} />
                    <span className="min-w-0">
                      <span className="block font-semibold">{localize(guide.name, language)}</span>
                      <span className="mt-1 block text-sm text-fg-muted">{localize(guide.summary, language)}</span>
                      <span className="mt-1 block text-xs text-fg-muted">
                        {t("guide.updated", { date: formatDate(guide.updatedAt, language, { date: "medium" }) })}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            {memberGuides
              .filter((guide) => guide.category === category)
              .map((guide) => (
                <li key={memberGuideId(guide.id)}>
                  <Link to={memberGuideHref(guide.id)} className={cardClass} lang={guide.language}>
                    <GameIcon icon={MEMBER_GUIDE_ICON} size={40} />
                    <span className="min-w-0">
                      <span className="block font-semibold">{guide.title}</span>
                      <span className="mt-1 block text-sm text-fg-muted" lang={language}>
                        {g("list.byAuthor", { name: guide.author.displayName })}
                      </span>
                      <span className="mt-1 block text-xs text-fg-muted" lang={language}>
                        {g("list.member")} · {g("list.published", { date: formatDate(guide.publishedAt, language, { date: "medium" }) })}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A guide a member wrote: the approved text, its author, and its revision history (an older one viewable). */
export function GuideArticlePage({
  i18n,
  language,
  guide,
  article,
}: {
  i18n: RouteMessages;
  language: string;
  guide: GuideSummary;
  article: RenderedArticle;
}) {
  const { t } = useRouteMessages(i18n);
  return (
    <div className="mx-auto max-w-5xl">
      <RecordView kind="guides" id={guide.id} />
      <EntryBreadcrumbs listKey="guide" current={localize(guide.name, language)} />
      <div className="lg:grid lg:grid-cols-[1fr_16rem] lg:gap-8">
        <article className="min-w-0 rounded-xl border border-line bg-surface p-4 sm:p-6">
          <p className="text-sm text-fg-muted">
            {t(`guide.categories.${guide.category}`)} ·{" "}
            {t("guide.updated", { date: formatDate(guide.updatedAt, language, { date: "medium" }) })}
          </p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{localize(guide.name, language)}</h1>
          <p className="mt-2 text-lg text-fg-muted">{localize(guide.summary, language)}</p>
          <div className="mt-3">
            <FavoriteStar kind="guides" id={guide.id} />
          </div>
          {article.toc.length > 0 ? (
            <nav aria-label={t("guide.toc")} className="mt-4 rounded-lg border border-line p-3 lg:hidden">
              <TocList toc={article.toc} title={t("guide.toc")} />
            </nav>
          ) : null}
          <Article html={article.html} />
          <Link to="/guide" className="mt-6 inline-block text-sm text-link underline underline-offset-2">
            {t("guide.all")}
          </Link>
        </article>
        {article.toc.length > 0 ? (
          <aside className="hidden lg:block">
            <nav
              aria-label={`${t("guide.toc")} (${localize(guide.name, language)})`}
              className="sticky top-20 rounded-xl border border-line bg-surface p-4"
            >
              <TocList toc={article.toc} title={t("guide.toc")} />
            </nav>
          </aside>
        ) : null}
      </div>
    </div>
  );
}

export function TocList({ toc, title }: { toc: RenderedArticle["toc"]; title: string }) {
  return (
    <>
      <p className="mb-2 text-sm font-bold">{title}</p>
      <ol className="flex flex-col gap-1 text-sm">
        {toc.map((entry) => (
          <li key={entry.id} className={entry.depth === 3 ? "pl-4" : ""}>
            <a href={`#${entry.id}`} className="text-link underline underline-offset-2">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </>
  );
}

export function RulesPage({
  i18n,
  language,
  rules,
}: {
  i18n: RouteMessages;
  language: string;
  rules: { id: string; name: Localized; category: string; html: string }[];
}) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.rule.title")}</h1>
      <p className="mt-2 text-fg-muted">{common("pages.rule.description")}</p>
      <nav aria-label={t("rule.toc")} className="mt-4 rounded-xl border border-line bg-surface p-4">
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {rules.map((rule) => (
            <li key={rule.id}>
              <a href={`#${rule.id}`} className="text-link underline underline-offset-2">
                {localize(rule.name, language)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {(["community", "game"] as const).map((category) => (
        <section key={category} aria-labelledby={`rules-${category}`} className="mt-6 flex flex-col gap-4">
          <h2 id={`rules-${category}`} className="text-xl font-bold">
            {t(`rule.categories.${category}`)}
          </h2>
          {rules
            .filter((rule) => rule.category === category)
            .map((rule) => (
              <article key={rule.id} id={rule.id} className="scroll-mt-20 rounded-xl border border-line bg-surface p-4 sm:p-5">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="text-lg font-bold">{localize(rule.name, language)}</h3>
                  <FavoriteStar kind="rules" id={rule.id} name={localize(rule.name, language)} />
                </div>
                <Article html={rule.html} />
              </article>
            ))}
        </section>
      ))}
    </div>
  );
}
