import { StrictMode, startTransition, useState, type MouseEvent, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { useLocation, useNavigate } from "react-router";
import { HydratedRouter } from "react-router/dom";
import { safeNavigationTarget } from "../../../universal/navigation/safe-navigation.ts";
import { useTranslation } from "../i18n/use-translation.tsx";

/** True until the first hydration commits (`markHydrated`, from the root's first effect). */
let hydrating = typeof document !== "undefined";

/**
 * Called once the page's first hydration has committed (the root's first effect, or the last island's):
 * parts mounted from then on render on the client, and `data-hydrated` marks the page interactive
 * (journeys wait for it, and styles may rely on it).
 */
export function markHydrated(): void {
  hydrating = false;
  document.documentElement.dataset.hydrated = "true";
}

/**
 * Hydrates a page served with React Router's scripts (every page not served as islands). Here, in a
 * module of the shell's chunk that the root route loads, rather than in the client entry, which imports
 * no React (decision 038): the entry imports it once the router's modules have loaded it already.
 */
export function hydrateRouter(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/** The same object on every render: React compares it by identity and never rewrites the server's HTML (or what a script wrote there). */
export const KEEP_SERVER_HTML = { __html: "" };

type Tag = "div" | "section" | "ul" | "ol" | "article" | "nav" | "footer" | "aside";

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && !event.defaultPrevented;
}

/**
 * Where a plain click on a link inside goes through the router, as `<Link>` would; undefined when the
 * browser should have it: another site or anything `safeNavigationTarget` refuses, a new tab, a
 * download, a document reload, a place on this page.
 */
export function routerTarget(anchor: HTMLAnchorElement, here: Location): string | undefined {
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload-document"))
    return undefined;
  let path: string;
  try {
    path = safeNavigationTarget(anchor.href, { origin: here.origin }).href;
  } catch {
    return undefined;
  }
  const url = new URL(path, here.origin);
  // A place on this page: the browser scrolls to it, as it does for <Link>.
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return undefined;
  return path;
}

/**
 * A part of a page that needs no script (text, lists of links, cards, tables), kept as the server's
 * HTML: during hydration the browser keeps what the server sent and React does no work for it (no
 * component runs, no fiber is made). Once what it shows may differ (another URL, another language,
 * or another `version`), or when it mounts after hydration (a client navigation), it renders
 * `children` like any element.
 *
 * Its links still navigate in place: a plain click on a same-origin link inside goes through the
 * router, as `<Link>` would. Nothing inside may need React (state, handlers, effects): interactive
 * parts go beside it, not in it. Its content must follow from the URL, the language and `version`
 * alone, since nothing else makes it render again (decision 021).
 */
export function ServerHtml({
  as: As = "div",
  className,
  version = "",
  children,
  ...attributes
}: {
  as?: Tag;
  className?: string;
  "aria-labelledby"?: string;
  /** Whatever else what it shows depends on (an id, an update time): a change renders it anew. */
  version?: string;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const { i18n } = useTranslation();
  const identity = `${i18n.language} ${pathname}${search} ${version}`;
  // One way only: once it has rendered on the client it never goes back to the (by then stale) server HTML.
  const [served, setServed] = useState(() => (hydrating ? identity : undefined));
  if (served !== undefined && served !== identity) setServed(undefined);
  const kept = served === identity;
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event) || !(event.target instanceof Element)) return;
    const anchor = event.target.closest("a[href]");
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    const target = routerTarget(anchor, window.location);
    if (target === undefined) return;
    event.preventDefault();
    void navigate(target);
  };
  if (kept)
    return (
      <As
        key="server"
        {...attributes}
        className={className}
        onClick={onClick}
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  return (
    <As key={identity} {...attributes} className={className} onClick={onClick}>
      {children}
    </As>
  );
}
