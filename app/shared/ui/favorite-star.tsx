import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "../i18n/use-translation.tsx";
import { Link, useLocation } from "react-router";
import { useRootData } from "../root-data.ts";
import { Island } from "../islands/island.tsx";

/**
 * The signed-in player's stars, read once per page load (one request however many stars a page
 * shows) and kept in step with every star's clicks. Read after hydration, so pages stay cacheable.
 */
const favorites = {
  uid: null as string | null,
  keys: null as Set<string> | null,
  listeners: new Set<() => void>(),
  notify() {
    for (const listener of this.listeners) listener();
  },
  load(uid: string) {
    if (this.uid === uid) return;
    this.uid = uid;
    this.keys = null;
    fetch("/api/favorites", { credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<{ data: { kind: string; id: string }[] }>) : null))
      .then((body) => {
        if (this.uid !== uid || !body) return;
        this.keys = new Set(body.data.map((entry) => `${entry.kind}/${entry.id}`));
        this.notify();
      })
      .catch(() => undefined);
  },
  set(key: string, starred: boolean) {
    const keys = new Set(this.keys);
    if (starred) keys.add(key);
    else keys.delete(key);
    this.keys = keys;
    this.notify();
  },
};

const subscribe = (listener: () => void) => {
  favorites.listeners.add(listener);
  return () => favorites.listeners.delete(listener);
};

/** Whether the entry is starred: null while unknown (signed out, or not loaded yet). */
function useStarred(uid: string | undefined, key: string): boolean | null {
  useEffect(() => {
    if (uid) favorites.load(uid);
  }, [uid]);
  return useSyncExternalStore(
    subscribe,
    () => (uid && favorites.keys ? favorites.keys.has(key) : null),
    () => null,
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
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
}

type StarProps = { kind: string; id: string; name?: string };

/**
 * The star on an entry: signed in, it stars or unstars (the server keeps them); signed out, it
 * offers to sign in and come back. `name` makes it a compact icon button for cards and panels,
 * labelled with the entry's name. An island of its own (decision 025), hydrated only for a signed-in
 * reader: a visitor's star is a link, which the server's HTML already is.
 */
export function FavoriteStar(props: StarProps) {
  return <Island name="favorite-star" component={FavoriteStarControl} props={props} as="span" when="signed-in" />;
}

/** The star itself, as its island hydrates it. */
export function FavoriteStarControl({ kind, id, name }: StarProps) {
  const { t } = useTranslation();
  const uid = useRootData()?.viewer?.uid;
  const location = useLocation();
  const key = `${kind}/${id}`;
  const starred = useStarred(uid, key);
  const look = name
    ? "inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-line bg-surface text-fg hover:bg-surface-muted"
    : "inline-flex h-10 items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm font-semibold text-fg hover:bg-surface-muted";
  // The compact star is named by what it does and to what; `aria-pressed` says whether it is on.
  const label = (action: string, title = action) => (name ? { "aria-label": `${action}: ${name}`, title } : {});

  if (!uid) {
    return (
      <Link
        to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}
        className={look}
        {...label(t("favorites.signInToStar"))}
      >
        <StarIcon filled={false} />
        {name ? null : t("favorites.signInToStar")}
      </Link>
    );
  }
  const text = t(starred ? "favorites.starred" : "favorites.star");
  return (
    <button
      type="button"
      aria-pressed={starred === true}
      disabled={starred === null}
      onClick={async () => {
        const next = !starred;
        favorites.set(key, next);
        const response = await fetch(`/api/favorites/${kind}/${id}`, { method: next ? "PUT" : "DELETE", credentials: "same-origin" }).catch(
          () => null,
        );
        if (!response?.ok) favorites.set(key, !next);
      }}
      className={`${look} ${starred ? "text-accent" : ""}`}
      {...label(t("favorites.star"), text)}
    >
      <StarIcon filled={starred === true} />
      {name ? null : text}
    </button>
  );
}
