import MarkdownIt from "markdown-it";
import { entryHref } from "../../universal/content/entry-links.ts";

export interface RenderedMarkdown {
  html: string;
  /** Headings for a table of contents, with the ids the HTML gives them. */
  toc: { depth: number; text: string; id: string }[];
}

/**
 * Content markdown to HTML, safely: raw HTML is escaped (`html: false`), links may only be
 * `kind:id` catalog references, same-site paths or http(s) URLs (opened with rel=noopener), and
 * images are not rendered. Headings get ids for the table of contents.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
markdown.disable(["image"]);
markdown.validateLink = (url) => entryHref(url) !== null || /^(\/(?!\/)|#|https?:\/\/)/i.test(url);

export function slugify(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[đĐ]/g, "d")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section"
  );
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const env: { toc: RenderedMarkdown["toc"]; used: Set<string> } = { toc: [], used: new Set() };
  const tokens = markdown.parse(source, env);
  tokens.forEach((token, index) => {
    if (token.type === "heading_open") {
      const text = tokens[index + 1]?.children?.map((child) => child.content).join("") ?? "";
      let id = slugify(text);
      for (let n = 2; env.used.has(id); n++) id = `${slugify(text)}-${n}`;
      env.used.add(id);
      token.attrSet("id", id);
      if (token.tag === "h2" || token.tag === "h3") env.toc.push({ depth: Number(token.tag.slice(1)), text, id });
    }
    for (const child of token.children ?? []) {
      if (child.type !== "link_open") continue;
      const href = child.attrGet("href") ?? "";
      const internal = entryHref(href);
      if (internal) child.attrSet("href", internal);
      else if (/^https?:\/\//i.test(href)) {
        child.attrSet("rel", "noopener noreferrer nofollow");
        child.attrSet("target", "_blank");
      }
    }
  });
  return { html: markdown.renderer.render(tokens, markdown.options, env), toc: env.toc };
}
