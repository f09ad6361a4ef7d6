/**
 * Shares reads among callers without ever answering one of them with what was read before it asked.
 * A burst of subscribes (every client of a killed process resuming on this one) asks the same
 * questions hundreds of times: the room, its newest id, what followed the last id they saw. Sharing
 * a read already under way would answer a caller with a state older than its question (a member
 * removed just before it asked would still read the room), so a caller that comes while a read of
 * its key is under way waits for the next read instead, which starts as that one ends and answers
 * everyone who came meanwhile. Each caller gets a read begun after it asked; N callers at once cost
 * two reads.
 */
export function freshReads<A extends unknown[], V>(
  keyOf: (...args: A) => string,
  read: (...args: A) => Promise<V>,
): (...args: A) => Promise<V> {
  /** Per key: the read under way, and the one that follows it for those who came meanwhile. */
  const pending = new Map<string, { current: Promise<V> | undefined; next: Promise<V> | undefined }>();

  function start(key: string, args: A, state: { current: Promise<V> | undefined; next: Promise<V> | undefined }): Promise<V> {
    const current: Promise<V> = read(...args).finally(() => {
      if (state.current !== current) return;
      state.current = undefined;
      if (!state.next) pending.delete(key);
    });
    state.current = current;
    return current;
  }

  return (...args) => {
    const key = keyOf(...args);
    let state = pending.get(key);
    if (!state) pending.set(key, (state = { current: undefined, next: undefined }));
    if (state.next) return state.next;
    if (!state.current) return start(key, args, state);
    const waiting = state;
    const ended = state.current.then(
      () => undefined,
      () => undefined,
    );
    return (state.next = ended.then(() => {
      waiting.next = undefined;
      return start(key, args, waiting);
    }));
  };
}
