import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Link } from "react-router";
import { kindEntryHref } from "../../../universal/content/kind-links.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";

export interface FavoriteEntry {
  kind: string;
  id: string;
  name: { vi: string; en: string };
  icon: string | null;
}

/** Everything the player starred, grouped by kind (newest first within each). */
export function FavoritesPage({ signedIn, favorites, language }: { signedIn: boolean; favorites: FavoriteEntry[]; language: string }) {
  const { t } = useTranslation();
  const kinds = [...new Set(favorites.map((entry) => entry.kind))];
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("pages.favorites.title")}</h1>
      <p className="mt-2 text-fg-muted">{t("pages.favorites.description")}</p>
      {!signedIn ? (
        <SignInPrompt text={t("favorites.signedOut")} action={t("favorites.signIn")} back="/favorites" />
      ) : favorites.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-line bg-surface p-5 text-fg-muted">{t("favorites.empty")}</p>
      ) : (
        kinds.map((kind) => (
          <section key={kind} aria-labelledby={`favorites-${kind}`} className="mt-6">
            <h2 id={`favorites-${kind}`} className="mb-3 text-lg font-bold">
              {t(`favorites.kinds.${kind}`)}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {favorites
                .filter((entry) => entry.kind === kind)
                .map((entry) => (
                  <li key={entry.id}>
                    <Link
                      to={kindEntryHref(entry.kind, entry.id) ?? "/"}
                      className="flex items-center gap-3 rounded-lg border border-line bg-surface p-3 hover:bg-surface-muted"
                    >
                      {entry.icon ? <GameIcon icon={entry.icon} size={36} /> : null}
                      <span className="font-semibold">{localize(entry.name, language)}</span>
                    </Link>
                  </li>
                ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
