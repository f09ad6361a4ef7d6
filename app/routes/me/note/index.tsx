import { NotesListPage } from "~/features/notes/notes-list-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { guarded, middlewareFor, requireViewer } from "~/shared/routing/guards.ts";
import { listNoteTags, listNotes } from "../../../../server/notes/notes.ts";
import { notesQuery } from "../../../../universal/notes/note-schemas.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("meNote");

/** `/me/note?q=&tag=`: the member's notes, searched and filtered on the server; a made-up query shows them all. */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db } = context.get(requestContext);
  const viewer = requireViewer(context);
  const params = Object.fromEntries(url.searchParams);
  delete params.lang;
  const parsed = notesQuery.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  const [i18n, notes, tags] = await Promise.all([
    loadRouteMessages(request, "notes"),
    listNotes(db, viewer, query),
    listNoteTags(db, viewer),
  ]);
  return { i18n, notes, tags, q: query.q ?? "", tag: query.tag ?? null };
});

/** Served as islands: only the search hydrates, when the member uses it. */
export const handle = islandsHandle;

export default function Notes({ loaderData }: Route.ComponentProps) {
  return <NotesListPage {...loaderData} />;
}
