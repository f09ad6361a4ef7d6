// The app bar search's keyboard shortcut: `/`, Ctrl+K or ⌘K. Installed by the entry; the search itself loads on use.

/** Whether a key press happens while the person types in a field (where `/` is just a character). */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file", "image"].includes(target.type);
  }
  return false;
}

/** Whether a key press is the search shortcut: `/`, Ctrl+K or ⌘K. */
function isSearchShortcut(event: KeyboardEvent): boolean {
  const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey;
  const commandK = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
  return slash || commandK;
}

/** The attribute of the app bar's button that opens the search dialog (below `md`, where the bar has no field). */
export const SEARCH_OPEN_ATTRIBUTE = "data-search-open";

/**
 * Listens, for the whole document, for the search shortcut anywhere but in another text field: it
 * focuses the app bar's field where it shows (md and up), else presses the button that opens the
 * search dialog. A page without the app bar (sign-in, say) leaves the keys to the browser. Plain DOM,
 * so it works before the app bar has hydrated (a visitor's app bar hydrates on first use, decision
 * 032), and focusing or pressing is that first use.
 */
export function installSearchShortcut(doc: Document): void {
  doc.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.isComposing || event.repeat) return;
    if (!isSearchShortcut(event) || typingInField(event.target)) return;
    const field = doc.getElementById("app-search");
    if (field instanceof HTMLInputElement && field.checkVisibility()) {
      event.preventDefault();
      field.focus();
      field.select();
      return;
    }
    const open = doc.querySelector<HTMLElement>(`[${SEARCH_OPEN_ATTRIBUTE}]`);
    if (!open) return;
    event.preventDefault();
    open.click();
  });
}
