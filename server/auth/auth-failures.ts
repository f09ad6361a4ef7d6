/**
 * What went wrong inside better-auth during one request. Its router turns any failure into a 500
 * answer; the one that matters to us is a database out of reach, which the rest of the API answers
 * 503 with Retry-After. The router tells `noteAuthFailure` (its `onAPIError.onError`), and the
 * route reads it back for the request it is answering.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isAPIError } from "better-auth/api";
import { isDatabaseUnreachable } from "../../db/client.ts";
import type { Logger } from "../logger.ts";

const failures = new AsyncLocalStorage<{ error?: unknown }>();

/** Runs `work` (one request through better-auth) and gives the database failure it met, if any. */
export async function withAuthFailures(work: () => Promise<Response>): Promise<{ response: Response; unreachable?: unknown }> {
  const noted: { error?: unknown } = {};
  const response = await failures.run(noted, work);
  return { response, unreachable: isDatabaseUnreachable(noted.error) ? noted.error : undefined };
}

/**
 * better-auth's `onAPIError.onError`, in place of its own logging: an unreachable database is kept
 * for the route (which answers 503 and logs it as the API does); any other failure that is not a
 * plain refusal (a 4xx) is logged as an error.
 */
export function noteAuthFailure(logger: Logger): (error: unknown) => void {
  return (error) => {
    const noted = failures.getStore();
    if (noted) noted.error = error;
    if (isDatabaseUnreachable(error)) return;
    if (!isAPIError(error) || error.status === "INTERNAL_SERVER_ERROR")
      logger.error("auth request failed", { source: "better-auth", error });
  };
}
