/**
 * A note's body as HTML: the site's one safe markdown renderer, then each checklist item's `[ ]`
 * or `[x]` made a checkbox that names its line of the body (`data-task-line`), so the page ticks
 * it in place as a versioned edit.
 */
import { checklistItems } from "../../universal/notes/note-limits.ts";
import { renderMarkdown } from "../markdown/render-markdown.ts";

const RENDERED_TASK = /<li>(\s*<p>)?\[( |x|X)\](?=\s)/g;

function attribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function renderNote(body: string): string {
  const { html } = renderMarkdown(body);
  const items = checklistItems(body);
  const rendered = html.match(RENDERED_TASK) ?? [];
  // The renderer and the line scan disagree only on unusual markdown (an escaped bracket): then the items stay text.
  if (items.length === 0 || rendered.length !== items.length) return html;
  let index = 0;
  return html.replace(RENDERED_TASK, (_, paragraph: string | undefined) => {
    const item = items[index++]!;
    const box = `<input type="checkbox" data-task-line="${item.line}" aria-label="${attribute(item.text || "…")}"${item.done ? " checked" : ""}>`;
    return `<li class="task-item">${paragraph ?? ""}${box}`;
  });
}
