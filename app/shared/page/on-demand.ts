/**
 * A module's value loaded on first use: `use(attach)` runs `attach` once the value is there (at once
 * when it already is) and returns what undoes it, or cancels the wait, so an effect can use it as
 * its cleanup. `current()` is the value once loaded. A failed load goes to `onError` (no user is
 * attached) and is tried again on the next use.
 */
export interface OnDemand<T> {
  use(attach: (value: T) => () => void): () => void;
  current(): T | undefined;
}

export function onDemand<T>(load: () => Promise<T>, onError: (error: unknown) => void = () => {}): OnDemand<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const get = () => {
    loading ??= load().then(
      (loaded) => (value = loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    use(attach) {
      if (value !== undefined) return attach(value);
      let undo: (() => void) | undefined;
      let cancelled = false;
      get().then(
        (loaded) => {
          if (!cancelled) undo = attach(loaded);
        },
        (error: unknown) => {
          if (!cancelled) onError(error);
        },
      );
      return () => {
        cancelled = true;
        undo?.();
      };
    },
    current: () => value,
  };
}
