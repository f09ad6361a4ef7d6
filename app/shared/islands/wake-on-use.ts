/**
 * An island that a visitor wakes by using it (`when="used"`, decision 032): until then it is the
 * server's HTML and costs the page nothing but these listeners. The first sign of use (a pointer over
 * or down on it, focus or a key inside it) starts its hydration; a click that comes before it is ready
 * is held and played again once it is, and so are the focus inside it, what was typed into one of its
 * fields and a choice in one of its lists meanwhile. A click that opens a new tab is left to the browser.
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
 * setter, and announced with an `input` event, the caret kept where it was.
 */
export function replayTyping(root: Element): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
    if (!native) continue;
    const { selectionStart, selectionEnd } = field;
    field.value = field.defaultValue;
    native.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    if (selectionStart !== null && selectionEnd !== null && document.activeElement === field) {
      field.setSelectionRange(selectionStart, selectionEnd);
    }
  }
}

/** Focus that came into the island before it hydrated: React hears of it (`onFocus`) by a `focusin` played again. */
function replayFocus(root: Element): void {
  const focused = document.activeElement;
  if (focused && focused !== root && root.contains(focused)) focused.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
}

/** A choice made in a list before its island hydrated: React hears of it by a `change` event, played again. */
function replayChoices(chosen: Set<HTMLSelectElement>): void {
  for (const select of chosen) if (select.isConnected) select.dispatchEvent(new Event("change", { bubbles: true }));
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
  const chosen = new Set<HTMLSelectElement>();
  const choose = (event: Event) => {
    if (event.target instanceof HTMLSelectElement) chosen.add(event.target);
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
    replayFocus(element);
    replayTyping(element);
    replayChoices(chosen);
    const click = held;
    held = null;
    if (click?.target.isConnected) click.target.dispatchEvent(new MouseEvent("click", click.event));
  };
  const ready = () => queueMicrotask(replay);
  function wake() {
    if (awake) return;
    awake = true;
    for (const type of WAKE_EVENTS) element.removeEventListener(type, wake, true);
    hydrate(ready);
  }
  element.addEventListener("click", hold, true);
  element.addEventListener("change", choose, true);
  for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { capture: true, passive: true });
}
