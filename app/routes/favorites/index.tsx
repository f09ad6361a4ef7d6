import { FavoritesPage } from "~/features/favorites/favorites-page.tsx";
import { languageFromRequest } from "../../../universal/i18n/languages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { listFavorites } from "../../../server/favorites/favorites-routes.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, db } = context.get(requestContext);
  const language = languageFromRequest(request);
  if (!viewer) return { signedIn: false, favorites: [], language };
  const rows = await listFavorites(db, viewer.uid);
  const favorites = rows.map(({ kind, id, data }) => {
    const entry = data as { name: { vi: string; en: string }; icon?: string };
    return { kind, id, name: entry.name, icon: entry.icon ?? null };
  });
  return { signedIn: true, favorites, language };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  return <FavoritesPage {...loaderData} />;
}
