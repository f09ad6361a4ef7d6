import { NoteDetailPage } from "~/features/notes/note-detail-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { guarded, middlewareFor } from "~/shared/routing/guards.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { AppError } from "../../../../server/errors.ts";
import { getNote } from "../../../../server/notes/notes.ts";
import type { Route } from "./+types/detail";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("meNoteDetail");

/** Opening and closing the editor (`edit`) needs no new data; another note (`id`) does. */
export const shouldRevalidate = calculatorRevalidation(["id"]);

/** `/me/note/detail?id=`: the member's own note (anyone else's, or none, is a 404); no id: a new note. */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db, viewer } = context.get(requestContext);
  if (!viewer) throw new Error("the signedIn guard lets only signed-in viewers through");
  const id = url.searchParams.get("id");
  const i18n = await loadRouteMessages(request, "notes");
  if (id === null || id === "") return { i18n, note: null };
  const note = /^[1-9][0-9]{0,15}$/.test(id)
    ? await getNote(db, viewer, Number(id)).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not-found") return null;
        throw error;
      })
    : null;
  if (!note) notFound(url);
  return { i18n, note };
});

export default function NoteDetail({ loaderData }: Route.ComponentProps) {
  return <NoteDetailPage {...loaderData} />;
}
