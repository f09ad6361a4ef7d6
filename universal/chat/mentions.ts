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
