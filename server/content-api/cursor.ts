/**
 * Query cursors: the last row's sort values and its (kind, id), as opaque base64url JSON. The next
 * page starts strictly after that row in the query's total order, so pages never overlap or skip.
 * Pure: no database.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface Cursor {
  /** The collection (URL name) the cursor was made for. */
  collection: string;
  /** The query's order signature (see `orderSignature`): a cursor only continues the same order. */
  order: string;
  /** The last row's value of each orderBy field, in order. */
  values: JsonValue[];
  /** The last row's pack position (default order only, else null). */
  position: number | null;
  id: string;
}

const VERSION = 1;
export const CURSOR_MAX_LENGTH = 4096;

export function orderSignature(orderBy: readonly { field: string; direction: "asc" | "desc" }[]): string {
  return orderBy.map((order) => `${order.field}:${order.direction}`).join(",");
}

export function encodeCursor(cursor: Cursor): string {
  const payload = [VERSION, cursor.collection, cursor.order, cursor.values, cursor.position, cursor.id];
  return Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
}

/** The cursor, or null when the text is not one of ours (tampered, truncated, another version). */
export function decodeCursor(text: string): Cursor | null {
  if (text.length === 0 || text.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(payload) || payload.length !== 6) return null;
  const [version, collection, order, values, position, id] = payload as unknown[];
  if (version !== VERSION || typeof collection !== "string" || typeof order !== "string" || typeof id !== "string") return null;
  if (!Array.isArray(values) || !values.every(isJsonValue)) return null;
  if (position !== null && !(typeof position === "number" && Number.isSafeInteger(position) && position >= 0)) return null;
  return { collection, order, values: values as JsonValue[], position, id };
}

/** True for what JSON can carry: no undefined, functions, NaN or Infinity. */
export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (depth > 32) return false;
  if (value === null || typeof value === "boolean" || typeof value === "string") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((element) => isJsonValue(element, depth + 1));
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).every((element) => isJsonValue(element, depth + 1));
  return false;
}
