import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useRootData } from "../root-data.ts";

/**
 * The star on an entry: signed in, it stars or unstars (the server keeps them); signed out, it
 * offers to sign in and come back. Its state is read after hydration, so every page stays cacheable.
 */
export function FavoriteStar({ kind, id }: { kind: string; id: string }) {
  const { t } = useTranslation();
  const viewer = useRootData()?.viewer;
  const location = useLocation();
  const [starred, setStarred] = useState<boolean | null>(null);
  const path = `/api/favorites/${kind}/${id}`;

  useEffect(() => {
    if (!viewer) return;
    let live = true;
    fetch(path, { credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<{ starred: boolean }>) : null))
      .then((body) => live && body && setStarred(body.starred))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [viewer, path]);

  const star = (filled: boolean) => (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
      <path
        d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
  const look =
    "inline-flex h-10 items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm font-semibold text-fg hover:bg-surface-muted";

  if (!viewer) {
    return (
      <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} className={look}>
        {star(false)}
        {t("favorites.signInToStar")}
      </Link>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={starred === true}
      disabled={starred === null}
      onClick={async () => {
        const next = !starred;
        setStarred(next);
        const response = await fetch(path, { method: next ? "PUT" : "DELETE", credentials: "same-origin" }).catch(() => null);
        if (!response?.ok) setStarred(!next);
      }}
      className={`${look} ${starred ? "text-accent" : ""}`}
    >
      {star(starred === true)}
      {t(starred ? "favorites.starred" : "favorites.star")}
    </button>
  );
}
