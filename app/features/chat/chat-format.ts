import { mentionTokens } from "../../../universal/chat/mentions.ts";

export type MessagePart =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  /** `href`: the member's profile, for a mention the picker bound to a uid. */
  | { kind: "mention"; text: string; href?: string };

const TOKEN = /(https?:\/\/[^\s<>"]+)|((?:^|(?<=[\s(]))@[\p{L}\p{N}_.-]+)/gu;
/** Punctuation that ends a sentence rather than a link: "see https://x.vn/a." links to /a. */
const TRAILING = /[.,;:!?)\]'"]+$/u;

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * How much of the text after an `@` (at `start`) is a mention: the longest of `names` it begins with
 * (a display name may hold spaces: "@Minh Đức"), ending where a word ends, else the one word matched.
 */
function mentionLength(text: string, start: number, word: number, names: readonly string[]): number {
  let longest = word;
  for (const name of names) {
    if (name.length <= longest) continue;
    const candidate = text.slice(start, start + name.length);
    const next = text.charAt(start + name.length);
    if (candidate.toLocaleLowerCase() === name.toLocaleLowerCase() && !WORD_CHARACTER.test(next)) longest = name.length;
  }
  return longest;
}

/**
 * A message's text as plain text, links and @mentions. Links are http(s) only and parsed by URL,
 * so nothing else (javascript:, data:) can become a link; everything renders as text nodes.
 * A mention picked from the list (`@[Name](/users?id=UID)`) shows as `@Name` linked to that member's
 * profile. `names` are the display names the page knows (the reader's own, the room's members it has
 * seen): a typed mention of one of them is marked whole, spaces and all.
 */
export function messageParts(text: string, names: readonly string[] = []): MessagePart[] {
  const parts: MessagePart[] = [];
  const push = (part: MessagePart) => {
    const previous = parts.at(-1);
    if (part.kind === "text" && previous?.kind === "text") previous.text += part.text;
    else if (part.text) parts.push(part);
  };
  let last = 0;
  for (const token of mentionTokens(text)) {
    typedParts(text.slice(last, token.index), names, push);
    push({ kind: "mention", text: `@${token.name}`, href: `/users?id=${encodeURIComponent(token.uid)}` });
    last = token.index + token.length;
  }
  typedParts(text.slice(last), names, push);
  return parts;
}

/** Links and typed `@mentions` of a stretch of text without picker tokens. */
function typedParts(text: string, names: readonly string[], push: (part: MessagePart) => void): void {
  let last = 0;
  const token = new RegExp(TOKEN);
  for (let match = token.exec(text); match; match = token.exec(text)) {
    const index = match.index;
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
      last = index + match[0].length;
    } else {
      const length = 1 + mentionLength(text, index + 1, match[0].length - 1, names);
      push({ kind: "mention", text: text.slice(index, index + length) });
      last = index + length;
      // The name's later words are not read again (as a link or a mention inside it).
      token.lastIndex = last;
    }
  }
  push({ kind: "text", text: text.slice(last) });
}
