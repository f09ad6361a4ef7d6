import { lazy, Suspense } from "react";
import { GuideArticlePage, GuideListPage } from "~/features/guides/guide-pages.tsx";
import { loadReportMessages, loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { listKind } from "../../../server/content/catalog.ts";
import { getPublishedGuide, listOwnGuides, listPublishedGuides } from "../../../server/guides/guides.ts";
import type { Guide } from "../../../universal/content/pack-schema.ts";
import { memberGuideNumber } from "../../../universal/guides/guide-limits.ts";
import { renderMarkdown } from "../../../server/markdown/render-markdown.ts";
import type { Route } from "./+types/index";

/** Where members write: loaded only on `?write`, `?edit=` and `?mine`, so the guide pages stay light. */
const GuideWorkspace = lazy(() => import("~/features/guides/guide-workspace.tsx"));
/** A member guide's page, loaded on its own: the guide list does not carry it. */
const MemberGuidePage = lazy(() => import("~/features/guides/member-guide-page.tsx"));

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (data?.open) {
    return metaFor("guide", args, {
      title: localize(data.open.guide.name, data.language),
      description: localize(data.open.guide.summary, data.language),
    });
  }
  if (data?.member) {
    return metaFor("guide", args, { title: data.member.revision.title, description: data.member.description });
  }
  return metaFor("guide", args);
};

const POSITIVE = /^[1-9][0-9]{0,8}$/;

/**
 * The pack's guides and the published member guides, by category; `?id=` opens one (markdown
 * rendered safely, with its table of contents; a member guide with its author and revisions,
 * `&rev=` an older one). `?write`, `?edit=ID` and `?mine` open the author's workspace.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db, viewer } = context.get(requestContext);
  const params = url.searchParams;
  const [i18n, guidesI18n] = await Promise.all([loadRouteMessages(request, "catalog"), loadRouteMessages(request, "guides")]);
  const base = { i18n, guidesI18n, language: i18n.language };

  if (params.has("write") || params.has("edit") || params.has("mine")) {
    const edit = params.get("edit") ?? "";
    return {
      ...base,
      workspace: {
        signedIn: viewer !== null,
        mode: POSITIVE.test(edit) ? ("edit" as const) : params.has("write") ? ("write" as const) : ("mine" as const),
        editId: POSITIVE.test(edit) ? Number(edit) : null,
        own: viewer ? await listOwnGuides(db, viewer) : [],
      },
      guides: [],
      memberGuides: [],
      open: null,
      member: null,
    };
  }

  const id = params.get("id");
  const memberId = id === null ? null : memberGuideNumber(id);
  if (id !== null && memberId !== null) {
    const rev = params.get("rev");
    if (rev !== null && !POSITIVE.test(rev)) notFound(url);
    const found = await getPublishedGuide(db, memberId, rev === null ? undefined : Number(rev));
    if (!found) notFound(url);
    const { body, ...revision } = found.revision;
    const article = renderMarkdown(body);
    const description = body
      .replace(/[#*_`>[\]()]/g, "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 160);
    const own = viewer?.uid === found.author.uid;
    return {
      ...base,
      workspace: null,
      guides: [],
      memberGuides: [],
      open: null,
      member: { ...found, revision, article, description, own },
      moderationI18n: viewer && !own ? await loadReportMessages(request) : null,
    };
  }

  const [guides, memberGuides] = await Promise.all([listKind<Guide>(db, "guides"), listPublishedGuides(db)]);
  const summaries = guides.map(({ body: _body, tags: _tags, updatedAt, ...rest }) => ({ ...rest, updatedAt: Date.parse(updatedAt) }));
  let open = null;
  if (id !== null) {
    const guide = guides.find((entry) => entry.id === id);
    if (!guide) notFound(url);
    open = {
      guide: summaries.find((entry) => entry.id === id) ?? summaries[0]!,
      article: renderMarkdown(localize(guide.body, i18n.language)),
    };
  }
  return { ...base, workspace: null, guides: summaries, memberGuides, open, member: null };
}

export default function GuideRoute({ loaderData }: Route.ComponentProps) {
  const { open, member, workspace, i18n, guidesI18n, language, guides, memberGuides } = loaderData;
  if (workspace) {
    return (
      <Suspense fallback={<p className="mx-auto max-w-5xl text-fg-muted">…</p>}>
        <GuideWorkspace guidesI18n={guidesI18n} language={language} {...workspace} />
      </Suspense>
    );
  }
  if (member) {
    const moderationI18n = "moderationI18n" in loaderData ? loaderData.moderationI18n : null;
    return (
      <Suspense fallback={null}>
        <MemberGuidePage i18n={i18n} guidesI18n={guidesI18n} moderationI18n={moderationI18n} language={language} guide={member} />
      </Suspense>
    );
  }
  if (open) return <GuideArticlePage i18n={i18n} language={language} guide={open.guide} article={open.article} />;
  return <GuideListPage i18n={i18n} guidesI18n={guidesI18n} language={language} guides={guides} memberGuides={memberGuides} />;
}
