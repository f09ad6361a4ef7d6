import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For pages whose calculator keeps its inputs in the URL and computes in the browser: a change of
 * those inputs needs no new data; anything else (another entry, an explicit revalidation such as a
 * language switch) does. `keys` are the search parameters that select what the page shows.
 */
export function calculatorRevalidation(keys: readonly string[] = []) {
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean => {
    const sameEntry =
      currentUrl.pathname === nextUrl.pathname && keys.every((key) => currentUrl.searchParams.get(key) === nextUrl.searchParams.get(key));
    return sameEntry && currentUrl.href !== nextUrl.href ? false : defaultShouldRevalidate;
  };
}
