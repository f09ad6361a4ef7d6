import { BagEntryPage } from "~/features/bag/bag-entry-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { guarded, middlewareFor } from "~/shared/routing/guards.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { AppError } from "../../../../server/errors.ts";
import { getBagEntry } from "../../../../server/bag/bag.ts";
import type { Route } from "./+types/detail";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("meBagDetail");

/** `/me/bag/detail?id=`: one entry of the member's own bag; anyone else's, or none, is a 404. */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db, viewer } = context.get(requestContext);
  if (!viewer) throw new Error("the signedIn guard lets only signed-in viewers through");
  const id = url.searchParams.get("id") ?? "";
  const [i18n, entry] = await Promise.all([
    loadRouteMessages(request, "bag"),
    /^[1-9][0-9]{0,15}$/.test(id)
      ? getBagEntry(db, viewer, Number(id)).catch((error: unknown) => {
          if (error instanceof AppError && error.code === "not-found") return null;
          throw error;
        })
      : Promise.resolve(null),
  ]);
  if (!entry) notFound(url);
  return { i18n, entry };
});

export default function BagDetail({ loaderData }: Route.ComponentProps) {
  return <BagEntryPage {...loaderData} />;
}
