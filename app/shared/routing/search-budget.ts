import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "../request-context.ts";

/**
 * A list page searched by name (`?q=`) spends the visitor's search budget, the same one the
 * public search API spends: past it the page answers 429, so one client cannot keep the database
 * busy with searches while others sign in. Lists without a search cost nothing.
 */
export async function requireSearchBudget(context: Readonly<RouterContextProvider>, url: URL): Promise<void> {
  if (!(url.searchParams.get("q") ?? "").trim()) return;
  const decision = await context.get(requestContext).consumeSearchBudget();
  if (decision.allowed) return;
  throw data(
    { message: "Too many searches. Try again in a moment.", path: url.pathname },
    { status: 429, headers: { "Retry-After": String(decision.retryAfter ?? 60) } },
  );
}
