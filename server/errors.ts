import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseTimeout, isDatabaseUnreachable } from "../db/client.ts";
import { BusyError } from "./http/concurrency-limit.ts";

/** Stable error codes of the HTTP API; each maps to one status here and nowhere else. */
export const errorStatus = {
  "invalid-argument": 400,
  unauthenticated: 401,
  "permission-denied": 403,
  /** An admin closed sign-ups (`/api/admin/settings`): no new account for now. */
  "sign-ups-closed": 403,
  /** A request from another site to change something (the write guard). */
  forbidden: 403,
  "not-found": 404,
  /** The thing changed since the client read it (a report another moderator resolved first). */
  conflict: 409,
  /** A write based on an older version of what it changes (a guide saved from a stale tab): nothing was written. */
  aborted: 409,
  /** A move the state does not allow now (reserving an offer already reserved): nothing was written. */
  "failed-precondition": 409,
  /** An offer naming a character another member has proven theirs (a verified claim). */
  "character-claimed": 409,
  /** The account keeps as many of these as it may (notes, open offers…, server/quotas.ts): nothing was written. */
  "quota-exceeded": 409,
  /** A display name that folds to a moderator's or an admin's (server/profile/display-name.ts). */
  "name-reserved": 409,
  "payload-too-large": 413,
  "unsupported-media-type": 415,
  "resource-exhausted": 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

/** JSON the client may read beside the code: a reason, a limit, or the current copy of what a stale save missed. */
export type DetailValue = string | number | boolean | null | readonly DetailValue[] | { readonly [key: string]: DetailValue };
/**
 * Machine-readable facts a client needs to explain an error (why a message was refused, until when).
 * `field` names the input a refusal is about, as a path into the request (`title`, `tags.2`): every
 * refusal of the edge's validation carries it, and so does a domain refusal of one field.
 */
export type ErrorDetails = Record<string, DetailValue> & { field?: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }

  toJSON() {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

/** What a 503 asks the client to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * What the API answers for a failure: an AppError as it is; work refused for want of capacity, or a
 * database statement given up under its time limit or a database that cannot be reached now
 * (db/client.ts), as 503 `unavailable` with `retryAfter`, so the client may retry; anything else as a 500 that tells nothing of the cause.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (cause instanceof BusyError) return new AppError("unavailable", cause.message, { retryAfter: RETRY_AFTER_SECONDS });
  if (isDatabaseTimeout(error))
    return new AppError("unavailable", "The database took too long to answer. Try again in a moment.", { retryAfter: RETRY_AFTER_SECONDS });
  if (isDatabaseUnreachable(error))
    return new AppError("unavailable", "The site is briefly unavailable. Try again in a moment.", { retryAfter: RETRY_AFTER_SECONDS });
  return new AppError("internal", "Internal Server Error");
}
