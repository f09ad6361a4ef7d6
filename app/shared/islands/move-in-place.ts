/**
 * Moving between a member's daily pages in place (decision 044): a click on a link to one of them (the
 * personal area, the chat, the feed, the notifications) fetches that page's document and shows its body
 * in this document, as a link would have, but without letting go of this one: no new document to
 * create, no CSS to read again, no entry to run again, the socket kept open. The old page ends first
 * (`endPage`: its topics, listeners and timers; its hydrated islands unmount), the new page is painted,
 * then its islands start as they would have on a load. The app bar's menu fetches its pages ahead
 * (`fetchAhead`). Back and forward between such pages move in place too, each with its own scroll
 * position. Whatever cannot be shown this way (another build, another reader, an error, a redirect, no
 * connection) is loaded as a document, so the server's answer is what shows.
 * Plain DOM: part of the client entry, no React. Each step of a move is a User Timing mark (`move:start`,
 * `move:parsed`, `move:swapped`, `move:painted`) for a trace or a probe to read.
 */
import type { RootData } from "../root-data.ts";
import { ENTRY_MODULE_ATTRIBUTE } from "./entry-after-paint.ts";
import { ISLAND_ATTRIBUTE, islandDocumentData } from "./island-markup.ts";
import { fetchServerPage } from "./page-parts.ts";
import { endPage } from "./page-lifetime.ts";
import { writeClocks } from "../ui/clock-scripts.ts";

/** The pages moved between in place: a member's own area and the pages they use every day. */
export const IN_PLACE_PATHS = ["/me", "/chat", "/feed", "/notification"] as const;

/** The islands that live as long as the document: the new page's copy is not started, this one stays. */
const DOCUMENT_ISLANDS = ["page-runtimes"];

/**
 * A link in an island whose click only moves (the app bar's menu): it moves at once, before the island
 * wakes or React hears of the click.
 */
export const MOVE_NOW_ATTRIBUTE = "data-move-now";

/**
 * How long a page fetched ahead of a click (a pointer down on its link, a hover, the menu opened) is
 * kept for it; a click on a button or a form sent forgets it sooner (it may have changed the page).
 */
const PREFETCH_KEEP_MS = 10_000;
/** At most this many pages are kept fetched ahead, and fetched ahead at once for a menu. */
const PREFETCH_MAX = 8;
/** A hover this long on a link fetches its page ahead of the click. */
const HOVER_MS = 80;
/** A move slower than this shows the bar across the top of the screen. */
const BUSY_AFTER_MS = 150;

/** Whether `url` is a page moved to in place from a page at `here`. */
export function isInPlaceTarget(url: URL, here: { origin: string; pathname: string; search: string }): boolean {
  if (url.origin !== here.origin) return false;
  // A link to a place on the page shown is the browser's to follow.
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return false;
  return IN_PLACE_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`));
}

/** The link a click or a pointer went to, when what it opens is moved to in place. */
export function inPlaceLink(
  event: Pick<MouseEvent, "target" | "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">,
  here: { origin: string; pathname: string; search: string },
): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as { closest?: (selector: string) => Element | null } | null;
  const link = target?.closest?.("a[href]") as HTMLAnchorElement | null | undefined;
  if (!link || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  let url: URL;
  try {
    url = new URL(link.href);
  } catch {
    return null;
  }
  return isInPlaceTarget(url, here) ? url : null;
}

/** Whether a page's root data can be shown in place of another's: the same reader, language and build. */
export function canShowInPlace(here: RootData, there: RootData | null): there is RootData {
  return (
    there !== null &&
    there.viewer !== null &&
    there.viewer.uid === here.viewer?.uid &&
    there.i18n.language === here.i18n.language &&
    there.build.id === here.build.id
  );
}

/** What the history entries this module makes carry, beside what others put there. */
interface EntryState {
  inPlace?: string;
}

/** What the document does with a page once its body is shown: start its islands, offer it for offline reading. */
export interface InPlaceHost {
  /**
   * The old page's hydrated islands unmount, once the new page is painted: their elements left the
   * document with the old body, so the reader waits neither for React's cleanup nor for its removals.
   */
  leave(): void;
  /** The new page's body is shown, painted, and the URL is its own. */
  shown(root: RootData, path: string): void;
}

/**
 * Pages fetched ahead of a click, by address: each kept `keepMs` and taken once, at most `max` of them
 * (the oldest go first), all forgotten at once when the member may have changed something.
 */
export function createAheadCache<Page>(
  fetchPage: (href: string) => Page,
  now: () => number,
  max = PREFETCH_MAX,
  keepMs = PREFETCH_KEEP_MS,
) {
  const kept = new Map<string, { at: number; page: Page }>();
  const fresh = (href: string) => {
    const entry = kept.get(href);
    if (entry && now() - entry.at < keepMs) return entry;
    kept.delete(href);
    return undefined;
  };
  return {
    /** The page at `href`, fetched now unless a fresh fetch is kept. */
    fetch(href: string): Page {
      const known = fresh(href);
      if (known) return known.page;
      for (const key of [...kept.keys()]) if (!fresh(key) || kept.size >= max) kept.delete(key);
      const page = fetchPage(href);
      kept.set(href, { at: now(), page });
      return page;
    },
    has: (href: string) => fresh(href) !== undefined,
    /** The kept page at `href`, no longer kept; null when there is none fresh. */
    take(href: string): Page | null {
      const known = fresh(href);
      kept.delete(href);
      return known?.page ?? null;
    },
    clear: () => kept.clear(),
    get size() {
      return kept.size;
    },
  };
}

/**
 * A fetched page made ready to be shown, as far as can be done before the click (a page fetched ahead
 * is made ready while the browser is idle): its root data read, its body adopted into this document with
 * its inline scripts made again with this document's nonce (a parsed page's scripts never run; the
 * room's scroll must run as the parser would have run it), the entry's
 * starter left out (it runs once), its head's styles and metadata read.
 */
export interface ReadyPage {
  root: RootData | null;
  title: string;
  description: string | null;
  styles: Element[];
  body: HTMLElement;
}

function makeReady(page: Document): ReadyPage {
  const root = islandDocumentData(page);
  const body = document.adoptNode(page.body);
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  for (const script of body.querySelectorAll("script")) {
    if (script.hasAttribute(ENTRY_MODULE_ATTRIBUTE)) {
      script.remove();
      continue;
    }
    if (script.src || (script.type && script.type !== "text/javascript")) continue;
    const fresh = document.createElement("script");
    fresh.nonce = nonce;
    fresh.textContent = script.textContent;
    script.replaceWith(fresh);
  }
  return {
    root,
    title: page.title,
    description: page.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
    styles: [...page.head.querySelectorAll("style, link[rel='stylesheet']")],
    body,
  };
}

/** The page at `href`, fetched and made ready; null when the server's answer cannot be shown in place. */
export async function fetchReadyPage(href: string, signal?: AbortSignal, beforeParse?: () => Promise<void>): Promise<ReadyPage | null> {
  const page = await fetchServerPage(href, signal, beforeParse);
  return page ? makeReady(page) : null;
}

/** A page fetched ahead: parsed once the browser is idle, or at once when a move wants it (`hurry`). */
interface AheadPage {
  ready: Promise<ReadyPage | null>;
  hurry(): void;
}

function fetchAheadPage(href: string): AheadPage {
  let hurry = () => {};
  const gate = new Promise<void>((resolve) => {
    hurry = resolve;
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 50);
  });
  return { ready: fetchReadyPage(href, undefined, () => gate), hurry };
}

/**
 * The links to fetch ahead first: those to the section shown (the personal area's other pages, from one
 * of them), then the rest in the menu's order.
 */
export function aheadOrder(urls: readonly URL[], pathname: string): URL[] {
  const section = (path: string) => path.split("/")[1] ?? "";
  const mine = section(pathname);
  return [...urls.filter((url) => section(url.pathname) === mine), ...urls.filter((url) => section(url.pathname) !== mine)];
}

/** The new head's title and description; the document's own islands kept. */
function takePage(page: ReadyPage): HTMLElement {
  document.title = page.title;
  const mine = document.querySelector('meta[name="description"]');
  if (page.description !== null && mine) mine.setAttribute("content", page.description);
  for (const name of DOCUMENT_ISLANDS) {
    const kept = document.querySelector(`[${ISLAND_ATTRIBUTE}="${name}"]`);
    const incoming = page.body.querySelector(`[${ISLAND_ATTRIBUTE}="${name}"]`);
    if (kept && incoming) incoming.replaceWith(kept);
  }
  return page.body;
}

/**
 * The new head's styles that this document lacks, once its body is shown: a new rule restyles the whole
 * document, and had the page being left still been there, removing it (and the focus in it) would have
 * made the browser restyle it first. A style with an id (the page's icon sprite) takes the place of this
 * document's: its icons are windows on its own sprite.
 */
function takeStyles(page: ReadyPage): void {
  const known = new Set([...document.head.querySelectorAll("style, link[rel='stylesheet']")].map((node) => node.outerHTML));
  for (const style of page.styles) {
    if (known.has(style.outerHTML)) continue;
    const fresh = document.importNode(style, true);
    const same = style.id ? document.head.querySelector(`#${CSS.escape(style.id)}`) : null;
    if (same) same.replaceWith(fresh);
    else document.head.append(fresh);
  }
}

/**
 * Focus where a new document would begin reading: the place its fragment names, or the page's heading,
 * for a screen reader to announce.
 */
function focusPage(place: HTMLElement | null): void {
  const start = place ?? document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("main");
  if (!start) return;
  if (!start.hasAttribute("tabindex")) start.setAttribute("tabindex", "-1");
  start.focus({ preventScroll: true });
}

let mover: ((url: URL) => void) | undefined;
let aheadOf: ((links: URL[]) => void) | undefined;

const here = () => ({ origin: location.origin, pathname: location.pathname, search: location.search });

/**
 * Moves to `href` in place when it is such a page and this document moves in place (a hydrated
 * island's `<Link>` or `navigate()` goes through here); false when the caller must load it.
 */
export function moveInPlace(href: string): boolean {
  if (!mover) return false;
  const url = new URL(href, location.href);
  if (!isInPlaceTarget(url, here())) return false;
  mover(url);
  return true;
}

/**
 * Fetches ahead, while the browser is idle, the pages that `within`'s links shown move to in place: a
 * menu just opened (decision 044), where the member's next tap is one of its links. Nothing on a
 * connection the reader asked to spare, nor in a document that does not move in place.
 */
export function fetchAhead(within: ParentNode): void {
  if (!aheadOf) return;
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  const urls = new Map<string, URL>();
  for (const link of within.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    if (link.checkVisibility && !link.checkVisibility()) continue;
    const url = inPlaceLink(
      { target: link, defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false },
      here(),
    );
    if (url && url.href !== location.href) urls.set(url.href, url);
  }
  aheadOf(aheadOrder([...urls.values()], location.pathname).slice(0, PREFETCH_MAX));
}

/**
 * Starts moving in place in this document, for the reader of `root` (a member: a visitor's pages are
 * cached documents, decision 025). Installed once, by the client entry.
 */
export function startMovesInPlace(initial: RootData, host: InPlaceHost): void {
  if (!initial.viewer || typeof DOMParser === "undefined" || !("scrollRestoration" in history)) return;
  let root = initial;
  let keys = 0;
  const newKey = () => `${Date.now().toString(36)}-${(keys++).toString(36)}`;
  const scrolls = new Map<string, number>();
  // Where the page shown is scrolled, kept as it scrolls: reading `scrollY` as a move begins would make
  // the browser lay out the page being left (its styles changed by the tap) only to throw it away. Read
  // then only when no scroll was seen.
  let scrolledTo: number | undefined;
  addEventListener("scroll", () => (scrolledTo = window.scrollY), { passive: true });
  const state = () => (history.state ?? {}) as EntryState & Record<string, unknown>;
  let shownKey = state().inPlace ?? newKey();
  let shownPath = location.pathname + location.search;
  // The history is taken over at the first move, not as the page loads (a call into the browser's
  // history costs the load's task a few milliseconds): the entry left is marked as one shown in place,
  // and back and forward between such pages restore their scroll here, once their body is back; an
  // entry left for another document is the browser's to restore, as usual.
  let historyTaken = false;
  const takeHistory = () => {
    if (historyTaken) return;
    historyTaken = true;
    history.replaceState({ ...state(), inPlace: shownKey }, "");
    history.scrollRestoration = "manual";
    addEventListener("pagehide", () => (history.scrollRestoration = "auto"));
    addEventListener("pageshow", () => (history.scrollRestoration = "manual"));
  };

  let shows = 0;
  const ahead = createAheadCache(fetchAheadPage, () => performance.now());
  let moving: AbortController | undefined;
  let busyTimer: ReturnType<typeof setTimeout> | undefined;

  let hover: ReturnType<typeof setTimeout> | undefined;
  const prefetch = (url: URL) => {
    clearTimeout(hover);
    return url.href === location.href ? undefined : ahead.fetch(url.href);
  };
  // One page at a time, each parsed while the browser is idle: a tap meanwhile finds the main thread free.
  aheadOf = (urls) => {
    const queue = urls.filter((url) => !ahead.has(url.href));
    const next = (): void => {
      const url = queue.shift();
      if (!url) return;
      const page = prefetch(url);
      if (page) void page.ready.finally(next);
      else next();
    };
    next();
  };
  // What was fetched ahead is forgotten once the member may have changed something: a button pressed in
  // the page's main part or a form sent. The app bar's buttons (menu, search, theme) change no page.
  const forget = () => ahead.clear();
  document.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element | null)?.closest?.("main button, main input[type=submit], main input[type=button]")) forget();
    },
    { capture: true, passive: true },
  );
  document.addEventListener("submit", forget, { capture: true, passive: true });

  async function move(url: URL, how: "push" | "pop", key: string): Promise<void> {
    clearTimeout(hover);
    moving?.abort();
    const controller = new AbortController();
    moving = controller;
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => (document.documentElement.dataset.moving = ""), BUSY_AFTER_MS);
    performance.mark("move:start");
    const taken = ahead.take(url.href);
    taken?.hurry();
    const page = await (taken?.ready ?? fetchReadyPage(url.href, controller.signal));
    performance.mark("move:parsed");
    if (moving !== controller) return;
    moving = undefined;
    clearTimeout(busyTimer);
    delete document.documentElement.dataset.moving;
    const next = page?.root ?? null;
    if (!page || !canShowInPlace(root, next)) {
      // The server's answer, whatever it is, as a document: a popped entry's URL is already the address.
      if (how === "push") location.assign(url.href);
      else location.replace(url.href);
      return;
    }
    takeHistory();
    scrolls.set(shownKey, scrolledTo ?? window.scrollY);
    endPage();
    if (how === "push") history.pushState({ inPlace: key }, "", url.href);
    else history.replaceState({ ...state(), inPlace: key }, "");
    shownKey = key;
    shownPath = url.pathname + url.search;
    root = next;
    const body = takePage(page);
    delete document.documentElement.dataset.hydrated;
    // Its clocks in the reader's time before it is painted, as the head's script writes a loading page's.
    writeClocks(body);
    document.body.replaceWith(body);
    takeStyles(page);
    performance.mark("move:swapped");
    const target = how === "pop" ? undefined : url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, how === "pop" ? (scrolls.get(key) ?? 0) : 0);
    scrolledTo = window.scrollY; // laid out by the scroll just made
    focusPage(target ?? null);
    // As on a load, the new page is painted before its code runs (decision 033); a page already left
    // for the next one starts nothing.
    const show = ++shows;
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark("move:painted");
        // In a task of their own after the paint: the old page's islands unmount, then the new page's start
        // (a later move's own leave unmounts whatever this one left).
        setTimeout(() => {
          host.leave();
          if (show === shows) host.shown(next, url.pathname + url.search + url.hash);
        }, 0);
      }, 0),
    );
  }

  mover = (url) => void move(url, "push", newKey());
  // A link marked to move now (the app bar's menu) moves as the click begins, before its island wakes or
  // React hears of the click. Any other link moves once the click has reached the window unhandled: a
  // plain island's listener or React may use it for something else (`/notification`'s "older ones").
  document.addEventListener(
    "click",
    (event) => {
      const url = inPlaceLink(event, here());
      if (!url || !(event.target as Element).closest("a[href]")?.hasAttribute(MOVE_NOW_ATTRIBUTE)) return;
      event.preventDefault();
      event.stopPropagation();
      void move(url, "push", newKey());
    },
    { capture: true },
  );
  addEventListener("click", (event) => {
    const url = inPlaceLink(event, here());
    if (!url) return;
    event.preventDefault();
    void move(url, "push", newKey());
  });
  // A page is fetched as the reader reaches for its link: a finger or a button down, a pointer resting on it.
  document.addEventListener(
    "pointerdown",
    (event) => {
      const url = inPlaceLink(event, here());
      if (url) prefetch(url);
    },
    { capture: true, passive: true },
  );
  document.addEventListener(
    "pointerover",
    (event) => {
      clearTimeout(hover);
      // A mouse resting on a link; a finger's tap has its pointer down for that.
      const url = event.pointerType === "mouse" ? inPlaceLink(event, here()) : null;
      if (url) hover = setTimeout(() => prefetch(url), HOVER_MS);
    },
    { passive: true },
  );
  addEventListener("popstate", (event) => {
    const key = (event.state as EntryState | null)?.inPlace;
    // The page shown, only its fragment changed (an entry a fragment link made): the browser's to show.
    if (key === shownKey || location.pathname + location.search === shownPath) return;
    void move(new URL(location.href), "pop", key ?? newKey());
  });
}
