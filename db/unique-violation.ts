/**
 * The unique index or constraint a failed write broke (SQLSTATE 23505), read through the errors the
 * ORM wraps around the driver's: node-postgres and PGlite both name it (`constraint`). Null when the
 * write failed for any other reason; "" when the driver did not say which.
 */
export function violatedUnique(error: unknown): string | null {
  for (let cause: unknown = error, depth = 0; cause && typeof cause === "object" && depth < 5; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
