export type MessagePart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string } | { kind: "mention"; text: string };

const TOKEN = /(https?:\/\/[^\s<>"]+)|((?:^|(?<=[\s(]))@[\p{L}\p{N}_.-]+)/gu;
/** Punctuation that ends a sentence rather than a link: "see https://x.vn/a." links to /a. */
const TRAILING = /[.,;:!?)\]'"]+$/u;

/**
 * A message's text as plain text, links and @mentions. Links are http(s) only and parsed by URL,
 * so nothing else (javascript:, data:) can become a link; everything renders as text nodes.
 */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  const push = (part: MessagePart) => {
    const previous = parts.at(-1);
    if (part.kind === "text" && previous?.kind === "text") previous.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    push({ kind: "text", text: text.slice(last, index) });
    if (match[1]) {
      const trailing = TRAILING.exec(match[1])?.[0] ?? "";
      const raw = match[1].slice(0, match[1].length - trailing.length);
      let href: string | null = null;
      try {
        const url = new URL(raw);
        if (url.protocol === "http:" || url.protocol === "https:") href = url.href;
      } catch {
        href = null;
      }
      push(href ? { kind: "link", text: raw, href } : { kind: "text", text: raw });
      push({ kind: "text", text: trailing });
    } else {
      push({ kind: "mention", text: match[0] });
    }
    last = index + match[0].length;
  }
  push({ kind: "text", text: text.slice(last) });
  return parts;
}
