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
