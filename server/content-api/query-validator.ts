/**
 * Validation of `POST /api/v1/query` bodies, before any SQL is built. Pure: no database, no I/O.
 *
 * The filter rules are the Firestore JS SDK's client-side checks (`lite-api/query.ts` of the SDK
 * since OR queries), with its exact messages, plus the rule that a query has at
 * most one filter of each of the not-equal, in and not-in kinds (a second `in` is refused as the
 * SDK refused it before OR queries: "Invalid query. You cannot use more than one 'in' filter."):
 * - `validateDisjunctiveFilterElements`: `in`, `not-in` and `array-contains-any` need a non-empty
 *   array ("Invalid Query. A non-empty array is required for 'in' filters.");
 * - `conflictingOps` / `validateNewFieldFilter`: each filter, as it is added in order, is checked
 *   against the filters already there; the first earlier filter whose operator conflicts is named
 *   ("Invalid query. You cannot use more than one '!=' filter." when it is the same operator, else
 *   "Invalid query. You cannot use 'not-in' filters with '!=' filters.": the new one first);
 * - `parseQueryValue`: nested arrays are refused except inside `in` / `not-in` lists.
 * The SDK no longer restricts null or NaN in filters (firebase-js-sdk #3960: the backend accepts them
 * with every operator) nor requires the first orderBy to match an inequality (multiple-field
 * inequalities), so neither is refused here. The 30-element cap on disjunctive lists is the backend's
 * limit, reported in the SDK's historical wording.
 *
 * Everything else (shape, unknown collection, field paths, limit, cursor) gets a plain message.
 */
import { COLLECTIONS, kindOfCollection, unknownCollectionMessage } from "./collections.ts";
import { decodeCursor, isJsonValue, orderSignature, type Cursor, type JsonValue } from "./cursor.ts";
import type { PackKind } from "../../universal/content/pack-schema.ts";

export const OPERATORS = ["==", "!=", "<", "<=", ">", ">=", "in", "not-in", "array-contains", "array-contains-any"] as const;
export type Operator = (typeof OPERATORS)[number];

/** Operators whose value is a list of alternatives. */
export const DISJUNCTIVE_OPERATORS: readonly Operator[] = ["in", "not-in", "array-contains-any"];

export const LIMIT_MIN = 1;
export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 20;
/** Values in one `in` / `not-in` / `array-contains-any` list. */
export const DISJUNCTION_MAX = 30;
/** Server limits on the size of a query (not Firestore rules): keeps the generated SQL small. */
export const FILTERS_MAX = 20;
export const ORDER_BY_MAX = 8;

/**
 * Letters, digits and `_` (not starting with a digit), joined by dots: `level`, `name.vi`,
 * `stats.attack`. No array indices, quoting or empty segments; at most 8 segments of 64 characters.
 */
export const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z_][A-Za-z0-9_]{0,63}){0,7}$/;

export interface Filter {
  field: string;
  path: string[];
  op: Operator;
  value: JsonValue;
}

export interface Order {
  field: string;
  path: string[];
  direction: "asc" | "desc";
}

export interface ValidQuery {
  collection: string;
  kind: PackKind;
  where: Filter[];
  orderBy: Order[];
  limit: number;
  startAfter: Cursor | null;
}

export type Validation = { ok: true; query: ValidQuery } | { ok: false; message: string };

const QUERY_KEYS = ["collection", "where", "orderBy", "limit", "startAfter"];

/** The Firestore SDK's `conflictingOps` (with the one-`in` rule): the operators that may not already be in the query when `op` is added. */
export function conflictingOps(op: Operator): readonly Operator[] {
  switch (op) {
    case "!=":
      return ["!=", "not-in"];
    case "array-contains-any":
      return ["not-in"];
    case "in":
      // "More than one filter of the same not-equal, in or not-in kind" is refused, as the
      // SDK did before OR queries (the current SDK lets the backend refuse it instead).
      return ["in", "not-in"];
    case "not-in":
      return ["array-contains-any", "in", "not-in", "!="];
    default:
      return [];
  }
}

/** The SDK's `validateNewFieldFilter` message for adding `op` after `existing`, which conflicts with it. */
export function conflictMessage(op: Operator, existing: Operator): string {
  return op === existing
    ? `Invalid query. You cannot use more than one '${op}' filter.`
    : `Invalid query. You cannot use '${op}' filters with '${existing}' filters.`;
}

/**
 * Adds the operators one by one, as the SDK does: the first filter that conflicts with an earlier
 * one is refused, naming the first earlier filter (in query order) among its conflicting operators.
 */
export function findConflict(ops: readonly Operator[]): { index: number; existing: Operator; message: string } | null {
  for (let index = 0; index < ops.length; index++) {
    const op = ops[index] as Operator;
    const conflicts = conflictingOps(op);
    const existing = ops.slice(0, index).find((earlier) => conflicts.includes(earlier));
    if (existing) return { index, existing, message: conflictMessage(op, existing) };
  }
  return null;
}

export function isOperator(value: unknown): value is Operator {
  return typeof value === "string" && (OPERATORS as readonly string[]).includes(value);
}

function hasNestedArray(value: JsonValue, insideArray = false): boolean {
  if (Array.isArray(value)) return insideArray || value.some((element) => hasNestedArray(element, true));
  if (value !== null && typeof value === "object") return Object.values(value).some((element) => hasNestedArray(element, false));
  return false;
}

const describe = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  return typeof value === "object" ? "an object" : String(value);
};

function checkFieldPath(field: unknown, where: string): string | null {
  if (typeof field !== "string") return `Invalid query. ${where}: the field path must be a string, not ${describe(field)}.`;
  if (!FIELD_PATH.test(field))
    return (
      `Invalid query. ${where}: invalid field path ${describe(field)}. ` +
      "Use names of letters, digits and _ joined by dots (e.g. 'level', 'name.vi', 'stats.attack')."
    );
  return null;
}

/** Checks one filter's value for its operator, in the SDK's order: the list first, then nested arrays. */
export function checkFilterValue(op: Operator, value: JsonValue): string | null {
  if (DISJUNCTIVE_OPERATORS.includes(op)) {
    if (!Array.isArray(value) || value.length === 0) return `Invalid Query. A non-empty array is required for '${op}' filters.`;
    if (value.length > DISJUNCTION_MAX)
      return `Invalid Query. '${op}' filters support a maximum of ${DISJUNCTION_MAX} elements in the value array.`;
  }
  if (op !== "in" && op !== "not-in" && hasNestedArray(value))
    return "Function where() called with invalid data. Nested arrays are not supported";
  return null;
}

function parseFilters(where: unknown): { filters: Filter[] } | { message: string } {
  if (where === undefined || where === null) return { filters: [] };
  if (!Array.isArray(where)) return { message: "Invalid query. 'where' must be an array of [field, operator, value] filters." };
  if (where.length > FILTERS_MAX) return { message: `Invalid query. At most ${FILTERS_MAX} filters are supported.` };
  const filters: Filter[] = [];
  for (const [index, entry] of where.entries()) {
    const at = `where[${index}]`;
    if (!Array.isArray(entry) || entry.length !== 3) return { message: `Invalid query. ${at} must be [field, operator, value].` };
    const [field, op, value] = entry as unknown[];
    const pathProblem = checkFieldPath(field, at);
    if (pathProblem) return { message: pathProblem };
    if (!isOperator(op)) return { message: `Invalid query. ${at}: unknown operator ${describe(op)}. Operators: ${OPERATORS.join(", ")}.` };
    if (!isJsonValue(value)) return { message: `Invalid query. ${at}: the value must be JSON.` };
    const valueProblem = checkFilterValue(op, value);
    if (valueProblem) return { message: valueProblem };
    const conflict = findConflict([...filters.map((filter) => filter.op), op]);
    if (conflict) return { message: conflict.message };
    filters.push({ field: field as string, path: (field as string).split("."), op, value });
  }
  return { filters };
}

function parseOrderBy(orderBy: unknown): { orders: Order[] } | { message: string } {
  if (orderBy === undefined || orderBy === null) return { orders: [] };
  if (!Array.isArray(orderBy)) return { message: "Invalid query. 'orderBy' must be an array of [field, 'asc' | 'desc'] pairs." };
  if (orderBy.length > ORDER_BY_MAX) return { message: `Invalid query. At most ${ORDER_BY_MAX} orderBy fields are supported.` };
  const orders: Order[] = [];
  for (const [index, entry] of orderBy.entries()) {
    const at = `orderBy[${index}]`;
    const pair = typeof entry === "string" ? [entry] : entry;
    if (!Array.isArray(pair) || pair.length < 1 || pair.length > 2)
      return { message: `Invalid query. ${at} must be a field path or [field, 'asc' | 'desc'].` };
    const [field, direction = "asc"] = pair as unknown[];
    const pathProblem = checkFieldPath(field, at);
    if (pathProblem) return { message: pathProblem };
    if (direction !== "asc" && direction !== "desc")
      return { message: `Invalid query. ${at}: the direction must be 'asc' or 'desc', not ${describe(direction)}.` };
    orders.push({ field: field as string, path: (field as string).split("."), direction });
  }
  return { orders };
}

export function checkLimit(limit: unknown): { limit: number } | { message: string } {
  if (limit === undefined || limit === null) return { limit: LIMIT_DEFAULT };
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < LIMIT_MIN || limit > LIMIT_MAX)
    return { message: `Invalid query. 'limit' must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}, not ${describe(limit)}.` };
  return { limit };
}

function checkCursor(startAfter: unknown, collection: string, orders: Order[]): { cursor: Cursor | null } | { message: string } {
  if (startAfter === undefined || startAfter === null) return { cursor: null };
  if (typeof startAfter !== "string") return { message: "Invalid query. 'startAfter' must be the nextCursor string of a previous answer." };
  const cursor = decodeCursor(startAfter);
  if (!cursor) return { message: "Invalid query. 'startAfter' is not a valid cursor: pass the nextCursor of a previous answer unchanged." };
  const defaultOrder = orders.length === 0;
  if (
    cursor.collection !== collection ||
    cursor.order !== orderSignature(orders) ||
    cursor.values.length !== orders.length ||
    (cursor.position === null) === defaultOrder
  )
    return { message: "Invalid query. 'startAfter' is a cursor of another query: keep the same collection and orderBy when paging." };
  return { cursor };
}

/** Checks a query body; the first problem found is the answer's message. */
export function validateQuery(input: unknown): Validation {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    return { ok: false, message: "Invalid query. The body must be a JSON object." };
  const body = input as Record<string, unknown>;
  const unknownKey = Object.keys(body).find((key) => !QUERY_KEYS.includes(key));
  if (unknownKey !== undefined)
    return { ok: false, message: `Invalid query. Unknown key ${describe(unknownKey)}. Keys: ${QUERY_KEYS.join(", ")}.` };

  const { collection } = body;
  if (typeof collection !== "string")
    return { ok: false, message: `Invalid query. 'collection' is required, one of: ${COLLECTIONS.join(", ")}.` };
  const kind = kindOfCollection(collection);
  if (!kind) return { ok: false, message: unknownCollectionMessage(collection) };

  const filters = parseFilters(body.where);
  if ("message" in filters) return { ok: false, message: filters.message };
  const orders = parseOrderBy(body.orderBy);
  if ("message" in orders) return { ok: false, message: orders.message };
  const limit = checkLimit(body.limit);
  if ("message" in limit) return { ok: false, message: limit.message };
  const cursor = checkCursor(body.startAfter, collection, orders.orders);
  if ("message" in cursor) return { ok: false, message: cursor.message };

  return {
    ok: true,
    query: { collection, kind, where: filters.filters, orderBy: orders.orders, limit: limit.limit, startAfter: cursor.cursor },
  };
}
