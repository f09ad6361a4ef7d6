import { GuideArticlePage, GuideListPage } from "~/features/guides/guide-pages.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { listKind } from "../../../server/content/catalog.ts";
import type { Guide } from "../../../universal/content/pack-schema.ts";
import { renderMarkdown } from "../../../server/markdown/render-markdown.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = (args) => {
  const open = args.loaderData?.open;
  return metaFor(
    "guide",
    args,
    open && args.loaderData
      ? { title: localize(open.guide.name, args.loaderData.language), description: localize(open.guide.summary, args.loaderData.language) }
      : undefined,
  );
};

/** The guides by category; `?id=` opens one (markdown rendered safely, with its table of contents). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const [i18n, guides] = await Promise.all([loadRouteMessages(request, "catalog"), listKind<Guide>(db, "guides")]);
  const summaries = guides.map(({ body: _body, tags: _tags, updatedAt, ...rest }) => ({ ...rest, updatedAt: Date.parse(updatedAt) }));
  const id = url.searchParams.get("id");
  let open = null;
  if (id !== null) {
    const guide = guides.find((entry) => entry.id === id);
    if (!guide) notFound(url);
    open = {
      guide: summaries.find((entry) => entry.id === id) ?? summaries[0]!,
      article: renderMarkdown(localize(guide.body, i18n.language)),
    };
  }
  return { i18n, language: i18n.language, guides: summaries, open };
}

export default function GuideRoute({ loaderData }: Route.ComponentProps) {
  const { open, ...rest } = loaderData;
  return open ? <GuideArticlePage {...rest} guide={open.guide} article={open.article} /> : <GuideListPage {...rest} />;
}
