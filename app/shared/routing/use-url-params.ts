import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/** Search parameters to set (a value) or remove (`null` or an empty string). */
export type ParamChanges = Record<string, string | null>;

/** `params` with `changes` applied; the rest of the query string is kept as it is. */
export function withChanges(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * The query string as a page's state, for calculators and filters that keep their inputs in the URL.
 * React Router's `setSearchParams` starts from the parameters of the last render, so two changes
 * made before the page re-renders (two fields set in quick succession on a slow phone) would lose the
 * first. Here each change starts from the last one asked for until the URL has caught up with it.
 * Changes replace the history entry and keep the scroll position.
 */
export function useUrlParams(): [URLSearchParams, (changes: ParamChanges) => void] {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);
  const update = useCallback(
    (changes: ParamChanges) => {
      const next = withChanges(pending.current ?? params, changes);
      pending.current = next;
      void setParams(next, { replace: true, preventScrollReset: true });
    },
    [params, setParams],
  );
  return [params, update];
}
