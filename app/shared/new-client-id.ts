/**
 * A creation id for a write the server answers once (8 to 64 letters, digits, - or _): sent again, the
 * same id gets the same answer instead of a second copy. With a prefix, `{prefix}-…`, which says what
 * made it when it is kept on the device. Without `crypto.randomUUID` (a page not served securely) the
 * time and `Math.random` stand in.
 */
export function newClientId(prefix?: string): string {
  const random = globalThis.crypto?.randomUUID?.().replace(/-/g, "") ?? `${Date.now()}${Math.random().toString(36).slice(2)}`;
  return prefix ? `${prefix}-${random}`.slice(0, 64) : random;
}
