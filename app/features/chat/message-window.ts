/**
 * Long rooms stay smooth on a phone: the conversation keeps every loaded message in memory but
 * puts at most RENDERED_MAX in the page. While the reader follows the newest messages, the oldest
 * rendered ones leave the page (down to RENDERED_KEEP, so this happens once per hundred messages,
 * not on each); scrolling back up brings them back REVEAL_STEP at a time before asking the server.
 */
export const RENDERED_MAX = 300;
export const RENDERED_KEEP = 200;
export const REVEAL_STEP = 100;

/** How many of the oldest loaded messages to leave out of the page, after the list changed. */
export function hiddenAfterChange(total: number, hidden: number, following: boolean): number {
  const within = Math.min(hidden, total);
  if (!following || total - within <= RENDERED_MAX) return within;
  return total - RENDERED_KEEP;
}

/** After the reader asked for earlier messages: how many stay left out (the server is asked only at 0). */
export function hiddenAfterReveal(hidden: number): number {
  return Math.max(0, hidden - REVEAL_STEP);
}

interface Dated {
  id: number;
  editedAt: number | null;
}

/**
 * The room's messages after the page's data was read again (a revalidation): the server's list, and
 * what the socket delivered while that read was on its way. A message newer than the server's
 * newest arrived after the read and stays, as do earlier pages the reader loaded (older than the
 * server's oldest); a copy edited later than the server's stays; a message the socket deleted stays
 * deleted, and one inside the server's range that it no longer lists is gone. Replacing the list instead would drop a message that arrived
 * during the read, for good: the socket never sends it again.
 */
export function mergeAfterReload<T extends Dated>(server: readonly T[], current: readonly T[], deleted: ReadonlySet<number>): T[] {
  const ids = server.map((each) => each.id);
  const newest = Math.max(0, ...ids);
  const oldest = Math.min(Number.MAX_SAFE_INTEGER, ...ids);
  const byId = new Map(server.map((each) => [each.id, each]));
  for (const each of current) {
    const known = byId.get(each.id);
    const outside = each.id > newest || each.id < oldest;
    if (known ? (each.editedAt ?? 0) > (known.editedAt ?? 0) : outside) byId.set(each.id, each);
  }
  return [...byId.values()].filter((each) => !deleted.has(each.id)).sort((a, b) => a.id - b.id);
}
