/**
 * `@Name` in a message: a display name may hold spaces ("@Lan Anh"), so each `@` offers the one
 * to four words after it as candidates, lowercased; the server keeps the candidates that are the
 * display name of exactly one member.
 */
const MENTION = /(?:^|[^\p{L}\p{N}_])@([\p{L}\p{N}_.'-]+(?: [\p{L}\p{N}_.'-]+){0,3})/gu;
/** Display names are at most 40 characters (server/profile/display-name.ts). */
const NAME_MAX = 40;

export function mentionCandidates(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const words = (match[1] ?? "").split(" ");
    for (let count = 1; count <= words.length; count++) {
      const name = words
        .slice(0, count)
        .join(" ")
        .replace(/[.,'-]+$/u, "")
        .toLocaleLowerCase();
      if (name.length > 0 && name.length <= NAME_MAX) found.add(name);
    }
  }
  return [...found].slice(0, 40);
}

/**
 * A mention chosen from the picker is bound to the member's uid: `@[Lan Anh](/users?id=UID)`. It is
 * a markdown link to their profile (same-site, so the feed's sanitised renderer keeps it as is), and
 * chat reads it the same way, so two members who share a name can each be mentioned and each link
 * goes to the right profile. The name inside is what the picker showed; the uid decides who is told.
 */
const TOKEN = /@\[((?:\\.|[^\\\]\n])+)\]\(\/users\?id=([A-Za-z0-9_-]{1,64})\)/gu;
/** Characters of a name that markdown would read as syntax inside the link's text. */
const MARKDOWN_SYNTAX = /[\\[\]*_`~<>]/gu;

export interface MentionToken {
  /** Where the token starts in the text, and its length. */
  index: number;
  length: number;
  uid: string;
  /** The name as written, unescaped. */
  name: string;
}

/** The token the picker inserts for a member. */
export function mentionToken(member: { uid: string; displayName: string }): string {
  return `@[${member.displayName.replace(MARKDOWN_SYNTAX, "\\$&")}](/users?id=${member.uid})`;
}

/** The picker's tokens in a text, in order. */
export function mentionTokens(text: string): MentionToken[] {
  return [...text.matchAll(TOKEN)].map((match) => ({
    index: match.index,
    length: match[0].length,
    uid: match[2] ?? "",
    name: (match[1] ?? "").replace(/\\(.)/gu, "$1"),
  }));
}

/** The uids a text's tokens name, each once, in order. */
export function mentionTokenUids(text: string): string[] {
  return [...new Set(mentionTokens(text).map((token) => token.uid))];
}

/** The text as a reader sees it: each token as `@Name` (for a notification's excerpt). */
export function withPlainMentions(text: string): string {
  let out = "";
  let last = 0;
  for (const token of mentionTokens(text)) {
    out += `${text.slice(last, token.index)}@${token.name}`;
    last = token.index + token.length;
  }
  return out + text.slice(last);
}
