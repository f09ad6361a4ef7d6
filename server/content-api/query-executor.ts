/**
 * Runs a validated query over `content_entries.data` (jsonb) with the document database's semantics:
 * - a comparison only matches values of the compared value's type (numbers with numbers, strings
 *   with strings by code point, …); a missing field never matches, `!=` and `not-in` included;
 * - `!=` matches any present, non-null value that differs (any type); `not-in` likewise, and
 *   nothing at all when its list holds null (as the Firestore SDK evaluates it);
 * - `array-contains` / `array-contains-any` match arrays holding an element equal to the value;
 * - orderBy sorts by type (null < boolean < number < string < array < object), then by value, and
 *   drops entries without the field; ties are broken by id, in the last orderBy's direction.
 *   Without orderBy: the entry's position in the pack file (unique per kind), then id.
 * Arrays and objects compare among themselves in PostgreSQL's jsonb order, not Firestore's.
 *
 * Every user value reaches SQL as a bound parameter; field paths are checked by the validator's
 * regex and bound as parameters too.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { encodeCursor, orderSignature, type Cursor, type JsonValue } from "./cursor.ts";
import type { Filter, Order, ValidQuery } from "./query-validator.ts";

type JsonType = "null" | "boolean" | "number" | "string" | "array" | "object";

const TYPE_RANK: Record<JsonType, number> = { null: 0, boolean: 1, number: 2, string: 3, array: 4, object: 5 };

function typeOf(value: JsonValue): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as "boolean" | "number" | "string" | "object";
}

const isScalar = (value: JsonValue) => value === null || typeof value !== "object";

const data = contentEntries.data;

/** `data #> '{a,b}'`: the field's jsonb value, SQL NULL when missing. */
function field(path: readonly string[]): SQL {
  return sql`(${data} #> array[${sql.join(
    path.map((segment) => sql`${segment}`),
    sql`, `,
  )}]::text[])`;
}

const json = (value: JsonValue): SQL => sql`${JSON.stringify(value)}::jsonb`;

/** The field's value as a SQL value of `type`, NULL when it has another type (so comparisons fail). */
function typedKey(x: SQL, type: JsonType): SQL {
  switch (type) {
    case "boolean":
      return sql`(case when jsonb_typeof(${x}) = 'boolean' then (${x})::boolean end)`;
    case "number":
      return sql`(case when jsonb_typeof(${x}) = 'number' then (${x})::numeric end)`;
    case "string":
      return sql`(case when jsonb_typeof(${x}) = 'string' then (${x} #>> '{}') end) collate "C"`;
    case "array":
    case "object":
      return sql`(case when jsonb_typeof(${x}) = ${type} then ${x} end)`;
    case "null":
      return sql`(case when jsonb_typeof(${x}) = 'null' then true end)`;
  }
}

/** A JSON value as the SQL value `typedKey` compares it with. */
function typedValue(value: JsonValue): SQL {
  switch (typeOf(value)) {
    case "boolean":
      return sql`${value ? "true" : "false"}::boolean`;
    case "number":
      return sql`${String(value)}::numeric`;
    case "string":
      return sql`${value as string}::text`;
    case "null":
      return sql`true`;
    default:
      return json(value);
  }
}

function typeRank(x: SQL): SQL {
  return sql`(case jsonb_typeof(${x}) when 'null' then 0 when 'boolean' then 1 when 'number' then 2 when 'string' then 3 when 'array' then 4 else 5 end)`;
}

const RANGE = { "<": sql`<`, "<=": sql`<=`, ">": sql`>`, ">=": sql`>=` } as const;

/** `x @> [value]`, made exact for arrays and objects (containment alone matches them partially). */
function arrayHolds(x: SQL, value: JsonValue): SQL {
  const contains = sql`${x} @> ${json([value])}`;
  if (isScalar(value)) return contains;
  return sql`(${contains} and exists (select 1 from jsonb_array_elements(${x}) as element where element = ${json(value)}))`;
}

function filterCondition(filter: Filter): SQL {
  const x = field(filter.path);
  const { op, value } = filter;
  switch (op) {
    case "==":
      return sql`${x} = ${json(value)}`;
    case "!=":
      return sql`(jsonb_typeof(${x}) <> 'null' and ${x} <> ${json(value)})`;
    case "<":
    case "<=":
    case ">":
    case ">=": {
      if (value === null) return op === "<=" || op === ">=" ? sql`jsonb_typeof(${x}) = 'null'` : sql`false`;
      return sql`${typedKey(x, typeOf(value))} ${RANGE[op]} ${typedValue(value)}`;
    }
    case "in":
      return sql`${x} = any(array[${sql.join((value as JsonValue[]).map(json), sql`, `)}]::jsonb[])`;
    case "not-in": {
      const values = value as JsonValue[];
      if (values.includes(null)) return sql`false`;
      return sql`(jsonb_typeof(${x}) <> 'null' and not (${x} = any(array[${sql.join(values.map(json), sql`, `)}]::jsonb[])))`;
    }
    case "array-contains":
      return sql`(case when jsonb_typeof(${x}) = 'array' then ${arrayHolds(x, value)} else false end)`;
    case "array-contains-any": {
      const holds = (value as JsonValue[]).map((element) => arrayHolds(x, element));
      return sql`(case when jsonb_typeof(${x}) = 'array' then (${sql.join(holds, sql` or `)}) else false end)`;
    }
  }
}

/** The ORDER BY terms of one orderBy field: its type, then its value as that type. */
function orderTerms(order: Order): SQL[] {
  const x = field(order.path);
  const direction = order.direction === "desc" ? sql`desc` : sql`asc`;
  return [
    typeRank(x),
    typedKey(x, "boolean"),
    typedKey(x, "number"),
    typedKey(x, "string"),
    sql`(case when jsonb_typeof(${x}) in ('array', 'object') then ${x} end)`,
  ].map((term) => sql`${term} ${direction}`);
}

/** Rows strictly after the cursor's row in the order `orderBy` then id (both explicit). */
function afterCursor(orderBy: readonly Order[], cursor: Cursor): SQL {
  const idDirection = orderBy.at(-1)?.direction ?? "asc";
  const idAfter =
    idDirection === "asc" ? sql`${contentEntries.id} collate "C" > ${cursor.id}` : sql`${contentEntries.id} collate "C" < ${cursor.id}`;
  const alternatives: SQL[] = [];
  const equalSoFar: SQL[] = [];
  orderBy.forEach((order, index) => {
    const x = field(order.path);
    const value = cursor.values[index] as JsonValue;
    const type = typeOf(value);
    const rank = TYPE_RANK[type];
    const ahead = order.direction === "asc" ? sql`>` : sql`<`;
    const later =
      type === "null"
        ? sql`${typeRank(x)} ${ahead} ${rank}`
        : sql`(${typeRank(x)} ${ahead} ${rank} or ${typedKey(x, type)} ${ahead} ${typedValue(value)})`;
    alternatives.push(sql.join([...equalSoFar, later], sql` and `));
    equalSoFar.push(sql`${x} = ${json(value)}`);
  });
  alternatives.push(sql.join([...equalSoFar, idAfter], sql` and `));
  return sql`(${sql.join(
    alternatives.map((alternative) => sql`(${alternative})`),
    sql` or `,
  )})`;
}

export interface QueryPage {
  data: unknown[];
  nextCursor: string | null;
}

export async function runQuery(db: Database, query: ValidQuery): Promise<QueryPage> {
  const conditions: SQL[] = [sql`${contentEntries.kind} = ${query.kind}`];
  for (const filter of query.where) conditions.push(filterCondition(filter));
  // Like the document database, ordering on a field leaves out the entries that lack it.
  for (const order of query.orderBy) conditions.push(sql`${field(order.path)} is not null`);

  let orderTerms_: SQL[];
  const cursor = query.startAfter;
  if (query.orderBy.length === 0) {
    orderTerms_ = [sql`${contentEntries.position} asc`, sql`${contentEntries.id} collate "C" asc`];
    if (cursor)
      conditions.push(
        sql`(${contentEntries.position} > ${cursor.position} or (${contentEntries.position} = ${cursor.position} and ${contentEntries.id} collate "C" > ${cursor.id}))`,
      );
  } else {
    const idDirection = query.orderBy.at(-1)?.direction === "desc" ? sql`desc` : sql`asc`;
    orderTerms_ = [...query.orderBy.flatMap(orderTerms), sql`${contentEntries.id} collate "C" ${idDirection}`];
    if (cursor) conditions.push(afterCursor(query.orderBy, cursor));
  }

  const sortValues = query.orderBy.map((order, index) => sql`${field(order.path)} as ${sql.identifier(`sort_${index}`)}`);
  const rows = await queryRows<Record<string, unknown> & { data: unknown; id: string; position: number }>(
    db,
    sql`select ${sql.join([sql`${data} as data`, sql`${contentEntries.id} as id`, sql`${contentEntries.position} as position`, ...sortValues], sql`, `)}
        from ${contentEntries}
        where ${sql.join(conditions, sql` and `)}
        order by ${sql.join(orderTerms_, sql`, `)}
        limit ${query.limit + 1}`,
  );

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          collection: query.collection,
          order: orderSignature(query.orderBy),
          values: query.orderBy.map((_order, index) => last[`sort_${index}`] as JsonValue),
          position: query.orderBy.length === 0 ? Number(last.position) : null,
          id: last.id,
        })
      : null;
  return { data: page.map((row) => row.data), nextCursor };
}
