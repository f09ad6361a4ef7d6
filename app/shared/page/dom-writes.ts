/**
 * Writes to the page that change only what differs. A plain island starts over the HTML the server
 * rendered, and most of what it would write is already there: writing a text or a flag again, even
 * unchanged, replaces the text node or touches the attribute, and the browser then restyles, lays out
 * and repaints, on a phone the whole document (decision 053).
 */

export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

export function setHidden(element: HTMLElement, hidden: boolean): void {
  if (element.hidden !== hidden) element.hidden = hidden;
}

export function setDisabled(element: HTMLButtonElement | HTMLInputElement | HTMLTextAreaElement, disabled: boolean): void {
  if (element.disabled !== disabled) element.disabled = disabled;
}

/** Replaces `element`'s content with `html` unless it is what this function last wrote there (or both are empty). */
export function setHtml(element: Element, html: string): void {
  const last = written.get(element) ?? (element.firstChild ? undefined : "");
  if (last === html) return;
  written.set(element, html);
  element.innerHTML = html;
}

const written = new WeakMap<Element, string>();
