/**
 * An island that a visitor wakes by using it (`when="used"`, decision 032): until then it is the
 * server's HTML and costs the page nothing but these listeners. The first sign of use (a pointer over
 * or down on it, focus or a key inside it) starts its hydration; a click that comes before it is ready
 * is held and played again once it is, and so are the focus inside it, what was typed into one of its
 * fields (meanwhile, or before these listeners existed) and a choice in one of its lists meanwhile. A click that opens a new tab is left to the browser.
 */

/**
 * What wakes an island: a mouse over it (before the click), a finger or pen on it, focus or a key in
 * it, and a field's value changed without any of these (by assistive technology, say).
 */
export const WAKE_EVENTS = ["pointerover", "pointerdown", "focusin", "keydown", "input", "change"] as const;

/**
 * Whether a click waits for the island: a plain one does (a link in an island may do more than load a
 * document, a map's marker opens its popup in place); one that opens a new tab or window is the
 * browser's.
 */
export function clickWaitsForIsland(event: Pick<MouseEvent, "button" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

/**
 * Text typed into a field before its island hydrated is in the field, but React's state still holds the
 * server's value, and React only reports a change it has not seen: the field's value is set back through
 * React's own setter (so React believes the server's value), written again with the element's native
 * setter, and announced with an `input` event, the caret kept where it was. Hydrating a `textarea` whose
 * server text is not empty writes that text back into it: `typed` holds what was typed into each field
 * as it was typed, which wins over what the field holds now.
 */
export function replayTyping(root: Element, typed: ReadonlyMap<Element, string> = new Map()): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    const text = typed.get(field) ?? field.value;
    if (text === field.defaultValue) continue;
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
    if (!native) continue;
    const { selectionStart, selectionEnd } = field;
    field.value = field.defaultValue;
    native.call(field, text);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    if (selectionStart !== null && selectionEnd !== null && document.activeElement === field) {
      field.setSelectionRange(selectionStart, selectionEnd);
    }
  }
}

/**
 * Called for every text area of an island as its hydration is asked for (`startIslands`). Hydration
 * writes a text area's server text back as its default (React sets its `defaultValue`, its text).
 * A field nobody has changed yet follows its default, and the write collapses its caret and selection
 * to the start: text typed at that moment (after a select-all, or at the end) lands before the old
 * text. Its value set once, as the browser does for typing, the field keeps its own value and its
 * selection through that write.
 */
export function keepThroughHydration(field: HTMLTextAreaElement): void {
  const { selectionStart, selectionEnd, selectionDirection } = field;
  if (selectionStart === null || selectionEnd === null) return;
  const value = field.value;
  field.value = value;
  field.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
}

/** Focus that came into the island before it hydrated: React hears of it (`onFocus`) by a `focusin` played again. */
function replayFocus(root: Element): void {
  const focused = document.activeElement;
  if (focused && focused !== root && root.contains(focused)) focused.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
}

/**
 * A choice made in a list before its island hydrated: React hears of it by a `change` event, played
 * again. React sets a list back to its state's choice whenever it renders it (text played again before
 * renders the island), so the choice made, recorded as it was made, is set again first.
 */
export function replayChoices(chosen: ReadonlyMap<HTMLSelectElement, string>): void {
  for (const [select, value] of chosen) {
    if (!select.isConnected) continue;
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * Calls `hydrate` at the first use of `element`; `hydrate` calls its `ready` argument once the island
 * has committed. What the reader did meanwhile is played again just after that commit (in a task of its
 * own: a handler that renders synchronously, `flushSync`, cannot do so inside React's commit). The
 * listeners remove themselves.
 */
export function wakeOnUse(element: HTMLElement, hydrate: (ready: () => void) => void): void {
  let awake = false;
  let held: { target: Element; event: MouseEvent } | null = null;
  const chosen = new Map<HTMLSelectElement, string>();
  const typed = new Map<Element, string>();
  const choose = (event: Event) => {
    if (event.target instanceof HTMLSelectElement) chosen.set(event.target, event.target.value);
  };
  const type = (event: Event) => {
    const field = event.target as Partial<HTMLInputElement> | null;
    if (field && typeof field.value === "string" && (field.tagName === "INPUT" || field.tagName === "TEXTAREA"))
      typed.set(field as Element, field.value);
  };
  const hold = (event: MouseEvent) => {
    if (!clickWaitsForIsland(event) || !(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    held = { target: event.target, event };
    wake();
  };
  const replay = () => {
    element.removeEventListener("click", hold, true);
    element.removeEventListener("change", choose, true);
    element.removeEventListener("input", type, true);
    replayFocus(element);
    replayTyping(element, typed);
    replayChoices(chosen);
    const click = held;
    held = null;
    if (click?.target.isConnected) click.target.dispatchEvent(new MouseEvent("click", click.event));
  };
  const ready = () => queueMicrotask(replay);
  function wake() {
    if (awake) return;
    awake = true;
    // Text typed before these listeners existed (the page's scripts still loading) is only in the
    // fields: hydration sets a controlled field back to React's value, so it is kept now.
    for (const field of element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
      if (!typed.has(field) && field.value !== field.defaultValue) typed.set(field, field.value);
    }
    for (const type of WAKE_EVENTS) element.removeEventListener(type, wake, true);
    hydrate(ready);
  }
  element.addEventListener("click", hold, true);
  element.addEventListener("change", choose, true);
  element.addEventListener("input", type, true);
  for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { capture: true, passive: true });
}
