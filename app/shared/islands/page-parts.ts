/**
 * Server HTML parts of an islands page that its islands change (a list, its totals, a header): after a
 * change, the page at the address is fetched again and its parts of these ids take the place of the
 * shown ones (decision 042). A document load would do as well, but would lose what the member is typing,
 * an open form and its message, and the keyboard's place. The parts must be server HTML that no island
 * renders (an island replaced this way would lose its listeners). Plain DOM: a plain island may call it.
 */
import { ICON_SPRITE, iconSpriteUrl } from "../../../universal/content/icon-sprite.ts";

const shown = new Map<string, AbortController>();

/**
 * The server's page at `href`, parsed (its scripts do not run); null when there is none to show here:
 * an error, a redirect (the session ended: the sign-in page), not HTML, no connection, or aborted.
 * The caller loads the document instead, which shows whatever the server says. `beforeParse` may hold
 * the parse back (a page fetched ahead is parsed when the browser is idle).
 */
export async function fetchServerPage(href: string, signal?: AbortSignal, beforeParse?: () => Promise<void>): Promise<Document | null> {
  try {
    const answer = await fetch(href, { credentials: "same-origin", headers: { accept: "text/html" }, signal });
    if (!answer.ok || answer.redirected || !(answer.headers.get("content-type") ?? "").includes("text/html")) return null;
    const text = await answer.text();
    await beforeParse?.();
    return new DOMParser().parseFromString(text, "text/html");
  } catch {
    return null;
  }
}

/**
 * Replaces the parts `ids` by those of the page at `href` (the address as it is now) and answers the
 * page it read them from (null when the document is loaded instead); a newer call for the same parts
 * wins over one still waiting. An answer without them (the session ended: the sign-in page) or no
 * answer at all loads the document instead, which shows whatever the server says.
 */
export async function showPageParts(ids: readonly string[], href: string = window.location.href): Promise<Document | null> {
  const key = ids.join(" ");
  shown.get(key)?.abort();
  const controller = new AbortController();
  shown.set(key, controller);
  const page = await fetchServerPage(href, controller.signal);
  if (controller.signal.aborted) return null;
  shown.delete(key);
  const parts = ids.map((id) => ({ here: document.getElementById(id), there: page?.getElementById(id) ?? null }));
  if (!page || parts.some(({ here, there }) => !here || !there)) {
    window.location.replace(href);
    return null;
  }
  // The new parts' icons are tiles of the new page's sprite: they read it from their part, and every
  // other icon on the page keeps the document's.
  const sprite = page.getElementById(ICON_SPRITE.elementId)?.dataset.icons?.split(ICON_SPRITE.separator);
  for (const { here, there } of parts) {
    const part = document.importNode(there as HTMLElement, true);
    if (sprite) part.style.setProperty("--icon-sprite", `url(${iconSpriteUrl(sprite)})`);
    here!.replaceWith(part);
  }
  return page;
}
