import { NoteDetailPage } from "~/features/notes/note-detail-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { guarded, middlewareFor, requireViewer } from "~/shared/routing/guards.ts";
import { requireFound } from "~/shared/routing/page-refusals.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { getNote } from "../../../../server/notes/notes.ts";
import type { Route } from "./+types/detail";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("meNoteDetail");

/** Opening and closing the editor (`edit`) needs no new data; another note (`id`) does. */
export const shouldRevalidate = calculatorRevalidation(["id"]);

/** `/me/note/detail?id=`: the member's own note (anyone else's, or none, is a 404); no id: a new note. */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db } = context.get(requestContext);
  const viewer = requireViewer(context);
  const id = url.searchParams.get("id");
  const i18n = await loadRouteMessages(request, "notes");
  if (id === null || id === "") return { i18n, note: null };
  const note = await requireFound(url, /^[1-9][0-9]{0,15}$/.test(id) ? getNote(db, viewer, Number(id)) : null);
  return { i18n, note };
});

/** Served as islands: the note hydrates when the member uses it, or as the page loads when the device keeps a draft of it. */
export const handle = islandsHandle;

export default function NoteDetail({ loaderData }: Route.ComponentProps) {
  return <NoteDetailPage {...loaderData} />;
}
