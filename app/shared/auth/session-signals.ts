/** Where the browser keeps the signed-in user and their ID token (`userData`, `userToken`). */
export const USER_DATA_KEY = "userData";
export const USER_TOKEN_KEY = "userToken";

export interface StorageEventTarget {
  addEventListener(type: "storage", listener: (event: { key: string | null }) => void): void;
  removeEventListener(type: "storage", listener: (event: { key: string | null }) => void): void;
}

export interface VisibleDocument {
  visibilityState: string;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

/**
 * Calls `listener` at every sign that the session may have changed without this tab doing it: another
 * tab stores or clears the user (`userData`, or all of storage), or this tab comes back into view.
 * Returns the function that stops listening.
 */
export function onSessionMayChange(
  listener: () => void,
  target: StorageEventTarget = globalThis as unknown as StorageEventTarget,
  document: VisibleDocument = globalThis.document as unknown as VisibleDocument,
): () => void {
  const onStorage = (event: { key: string | null }) => {
    if (event.key === USER_DATA_KEY || event.key === null) listener();
  };
  const onVisibility = () => {
    if (document.visibilityState === "visible") listener();
  };
  target.addEventListener("storage", onStorage);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    target.removeEventListener("storage", onStorage);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
