/**
 * A page another site opened severs that site's handle on it (decision 051). Our pages go without
 * `Cross-Origin-Opener-Policy`, whose browsing-context-group switch makes every first load from
 * outside the site start a cold JavaScript context; instead, the first script of `<head>` asks
 * whether the window has an opener of another origin (a `window.open` from another site: links
 * open without one). If it has, it sets a short-lived cookie and loads the page again, and the
 * server answers that load with the header (server/security-headers.ts; the script is in app/root.tsx), which puts the page in a
 * group of its own: the opener's handle now reads as a closed window.
 */
export const OPENER_GUARD_COOKIE = "opener-guard";
/** Long enough for the reload to carry it, short enough to be gone for the next visit. */
export const OPENER_GUARD_SECONDS = 30;

/** What the guard needs of the browser (the real `window`, or a test's stand-in). */
export interface GuardWindow {
  opener: { location: { origin: string } } | null;
  location: { origin: string; protocol: string; reload(): void };
  document: { cookie: string };
  /** How this document was navigated to: only a reload can be the guard's own. */
  performance?: { getEntriesByType(type: string): { type?: string }[] };
}

/**
 * Whether the page was loaded again to sever a cross-origin opener. Self-contained (no imports, no
 * outer names): `openerGuardScript` inlines its source. At most one reload: when the cookie is
 * already there (a browser without the header, or a reload that did not sever) or cannot be set
 * (cookies off), it does nothing.
 */
export function severForeignOpener(win: GuardWindow, name: string, seconds: number): boolean {
  try {
    const marked = new RegExp("(?:^|; )" + name + "=1(?:;|$)");
    const attributes = "; path=/; samesite=strict" + (win.location.protocol === "https:" ? "; secure" : "");
    const opener = win.opener;
    let foreign = false;
    if (opener) {
      try {
        foreign = opener.location.origin !== win.location.origin;
      } catch {
        // Reading another origin's location throws: the opener is another site.
        foreign = true;
      }
    }
    if (!foreign) {
      // The guard's reload severed the opener: the next pages need no header. Only a reload can be
      // that one, so any other load reads no cookie (a read is a round trip to the browser process,
      // with the parser waiting).
      const navigation = win.performance?.getEntriesByType("navigation")[0];
      if (navigation?.type === "reload" && marked.test(win.document.cookie)) win.document.cookie = name + "=; max-age=0" + attributes;
      return false;
    }
    if (marked.test(win.document.cookie)) return false;
    win.document.cookie = name + "=1; max-age=" + seconds + attributes;
    if (!marked.test(win.document.cookie)) return false;
    win.location.reload();
    return true;
  } catch {
    return false;
  }
}

const GUARD_MARK = new RegExp(`(?:^|;\\s*)${OPENER_GUARD_COOKIE}=1(?:;|$)`);

/** Whether a request's `Cookie` header carries the guard's mark (the server's side of `severForeignOpener`'s test). */
export function openerGuarded(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && GUARD_MARK.test(cookieHeader);
}

/** Inline `<head>` script (with the CSP nonce, or named by hash on a shared page). */
export const openerGuardScript = `(${severForeignOpener.toString()})(window,${JSON.stringify(OPENER_GUARD_COOKIE)},${OPENER_GUARD_SECONDS})`;
