import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Stable error codes of the HTTP API; each maps to one status here and nowhere else. */
export const errorStatus = {
  "invalid-argument": 400,
  unauthenticated: 401,
  "permission-denied": 403,
  "not-found": 404,
  "resource-exhausted": 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = "AppError";
    this.code = code;
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }

  toJSON() {
    return { error: { code: this.code, message: this.message } };
  }
}
