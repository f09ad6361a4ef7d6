interface Dated {
  id: number;
  /**
   * A list a topic adds to (a room's messages, an offer's replies) after it was read again (a
   * revalidation, a refresh): the server's list, and what the socket delivered while that read was
   * on its way. An entry newer than the server's newest arrived after the read and stays, as do
   * earlier pages the reader loaded (older than the server's oldest); a copy edited later than the
   * server's stays; an entry the socket deleted stays deleted, and one inside the server's range
   * that it no longer lists is gone. Replacing the list instead would drop an entry that arrived
   * during the read, for good: the socket never sends it again.
   */
  editedAt?: number | null;
}

/**
 * A list a topic adds to (a room's messages, an offer's replies) after it was read again (a
 * revalidation, a refresh): the server's list, and what the socket delivered while that read was on
 * its way. An entry newer than the server's
 * newest arrived after the read and stays, as do earlier pages the reader loaded (older than the
 * server's oldest); a copy edited later than the server's stays; a message the socket deleted stays
 * deleted, and one inside the server's range that it no longer lists is gone. Replacing the list instead would drop an entry that arrived
 * during the read, for good: the socket never sends it again.
 */
export function mergeAfterReload<T extends Dated>(
  server: readonly T[],
  current: readonly T[],
  deleted: ReadonlySet<number> = new Set(),
): T[] {
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
