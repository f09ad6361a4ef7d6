import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COLLECTIONS, collectionOfKind, kindOfCollection } from "./collections.ts";
import { decodeCursor, encodeCursor, orderSignature, type Cursor, type JsonValue } from "./cursor.ts";
import { DISJUNCTION_MAX, FIELD_PATH, LIMIT_DEFAULT, OPERATORS, validateQuery, type Operator, type Validation } from "./query-validator.ts";

const refused = (validation: Validation) => (validation.ok ? null : validation.message);

/** A value each operator accepts on its own. */
const VALID_VALUE: Record<Operator, JsonValue> = {
  "==": 1,
  "!=": 1,
  "<": 1,
  "<=": 1,
  ">": 1,
  ">=": 1,
  in: [1, 2],
  "not-in": [1, 2],
  "array-contains": "a",
  "array-contains-any": ["a", "b"],
};

const query = (where: unknown[], extra: Record<string, unknown> = {}) => validateQuery({ collection: "items", where, ...extra });
const filters = (...ops: Operator[]) => ops.map((op, index) => [`f${index}`, op, VALID_VALUE[op]]);

/**
 * The Firestore JS SDK's conflict table written out as pairs "new ← existing" (lite-api/query.ts,
 * conflictingOps), with the one-`in` rule, independently of the implementation's switch.
 */
const CONFLICTING_PAIRS = new Set([
  "!= ← !=",
  "!= ← not-in",
  "in ← in", // one filter of the in kind
  "in ← not-in",
  "array-contains-any ← not-in",
  "not-in ← array-contains-any",
  "not-in ← in",
  "not-in ← not-in",
  "not-in ← !=",
]);

/** The oracle: the first filter (in order) that conflicts with an earlier one, and the first such earlier one. */
function expectedConflict(ops: Operator[]): string | null {
  for (let later = 0; later < ops.length; later++)
    for (let earlier = 0; earlier < later; earlier++) {
      const [op, existing] = [ops[later] as Operator, ops[earlier] as Operator];
      if (CONFLICTING_PAIRS.has(`${op} ← ${existing}`))
        return op === existing
          ? `Invalid query. You cannot use more than one '${op}' filter.`
          : `Invalid query. You cannot use '${op}' filters with '${existing}' filters.`;
    }
  return null;
}

describe("query validator", () => {
  it("accepts a full query and fills in the defaults", () => {
    const validation = validateQuery({ collection: "rune-sets" });
    expect(validation).toEqual({
      ok: true,
      query: { collection: "rune-sets", kind: "runeSets", where: [], orderBy: [], limit: LIMIT_DEFAULT, startAfter: null },
    });
    const full = validateQuery({
      collection: "items",
      where: [
        ["level", ">=", 10],
        ["name.vi", "==", "Kiếm Sắt"],
      ],
      orderBy: [["level", "desc"], ["stats.attack"], "id"],
      limit: 100,
      startAfter: null,
    });
    expect(full.ok && full.query.where.map((filter) => filter.path)).toEqual([["level"], ["name", "vi"]]);
    expect(full.ok && full.query.orderBy.map((order) => `${order.field} ${order.direction}`)).toEqual([
      "level desc",
      "stats.attack asc",
      "id asc",
    ]);
  });

  it("names the collections by the kinds' kebab-case plurals", () => {
    expect(COLLECTIONS).toEqual([
      "classes",
      "items",
      "recipes",
      "mounts",
      "pets",
      "rune-sets",
      "runes",
      "talismans",
      "seasons",
      "levels",
      "events",
      "guides",
      "rules",
      "districts",
      "manors",
      "servers",
      "tax-rates",
    ]);
    expect(kindOfCollection("tax-rates")).toBe("taxRates");
    expect(kindOfCollection("taxRates")).toBeUndefined();
    expect(collectionOfKind("runeSets")).toBe("rune-sets");
  });

  it.each([
    [["!=", "!="], "Invalid query. You cannot use more than one '!=' filter."],
    [["not-in", "not-in"], "Invalid query. You cannot use more than one 'not-in' filter."],
    [["!=", "not-in"], "Invalid query. You cannot use 'not-in' filters with '!=' filters."],
    [["not-in", "!="], "Invalid query. You cannot use '!=' filters with 'not-in' filters."],
    [["in", "not-in"], "Invalid query. You cannot use 'not-in' filters with 'in' filters."],
    [["not-in", "in"], "Invalid query. You cannot use 'in' filters with 'not-in' filters."],
    [["array-contains-any", "not-in"], "Invalid query. You cannot use 'not-in' filters with 'array-contains-any' filters."],
    [["not-in", "array-contains-any"], "Invalid query. You cannot use 'array-contains-any' filters with 'not-in' filters."],
    // The first earlier filter in query order is named, not the first in the table.
    [["in", "!=", "not-in"], "Invalid query. You cannot use 'not-in' filters with 'in' filters."],
    [["==", "<", "!=", "array-contains", "!="], "Invalid query. You cannot use more than one '!=' filter."],
  ] as [Operator[], string][])("refuses %j: %s", (ops, message) => {
    expect(refused(query(filters(...ops)))).toBe(message);
  });

  it("refuses a second in filter, (more than one filter of the in kind)", () => {
    expect(refused(query(filters("in", "==", "in")))).toBe("Invalid query. You cannot use more than one 'in' filter.");
  });

  it.each([
    [["array-contains", "array-contains"]],
    [["array-contains-any", "array-contains-any"]],
    [["in", "array-contains-any", "array-contains"]],
    [["<", ">", "<=", ">=", "=="]],
    [["!=", "in", "array-contains-any", "array-contains"]],
  ] as [Operator[]][])("accepts %j, as the SDK does", (ops) => {
    expect(refused(query(filters(...ops)))).toBeNull();
  });

  it.each([
    [["level", "in", []], "Invalid Query. A non-empty array is required for 'in' filters."],
    [["level", "not-in", 3], "Invalid Query. A non-empty array is required for 'not-in' filters."],
    [["tags", "array-contains-any", "sword"], "Invalid Query. A non-empty array is required for 'array-contains-any' filters."],
    [
      ["level", "in", Array.from({ length: 31 }, (_, i) => i)],
      "Invalid Query. 'in' filters support a maximum of 30 elements in the value array.",
    ],
    [["tags", "array-contains", ["a", ["b"]]], "Function where() called with invalid data. Nested arrays are not supported"],
    [["tags", "array-contains-any", [["a"]]], "Function where() called with invalid data. Nested arrays are not supported"],
    [
      ["level", "like", 3],
      "Invalid query. where[0]: unknown operator 'like'. Operators: ==, !=, <, <=, >, >=, in, not-in, array-contains, array-contains-any.",
    ],
    [
      ["level", "=", 3],
      "Invalid query. where[0]: unknown operator '='. Operators: ==, !=, <, <=, >, >=, in, not-in, array-contains, array-contains-any.",
    ],
    [
      ["a..b", "==", 3],
      "Invalid query. where[0]: invalid field path 'a..b'. Use names of letters, digits and _ joined by dots (e.g. 'level', 'name.vi', 'stats.attack').",
    ],
    [["level", "=="], "Invalid query. where[0] must be [field, operator, value]."],
    [[7, "==", 3], "Invalid query. where[0]: the field path must be a string, not 7."],
  ])("refuses the filter %j: %s", (filter, message) => {
    expect(refused(query([filter]))).toBe(message);
  });

  it("accepts null in any filter, and nested arrays in in / not-in lists (the SDK does)", () => {
    for (const op of ["==", "!=", "<", ">="] as const) expect(refused(query([["level", op, null]]))).toBeNull();
    expect(refused(query([["level", "in", [null, 1]]]))).toBeNull();
    expect(refused(query([["pairs", "in", [[1, 2]]]]))).toBeNull();
    expect(refused(query([["pairs", "==", [1, 2]]]))).toBeNull();
  });

  it.each([
    [null, "Invalid query. The body must be a JSON object."],
    [[], "Invalid query. The body must be a JSON object."],
    [{}, `Invalid query. 'collection' is required, one of: ${COLLECTIONS.join(", ")}.`],
    [{ collection: "weapons" }, `Unknown collection 'weapons'. Collections: ${COLLECTIONS.join(", ")}.`],
    [{ collection: "items", filter: [] }, "Invalid query. Unknown key 'filter'. Keys: collection, where, orderBy, limit, startAfter."],
    [{ collection: "items", where: {} }, "Invalid query. 'where' must be an array of [field, operator, value] filters."],
    [
      { collection: "items", orderBy: [["level", "down"]] },
      "Invalid query. orderBy[0]: the direction must be 'asc' or 'desc', not 'down'.",
    ],
    [{ collection: "items", orderBy: "level" }, "Invalid query. 'orderBy' must be an array of [field, 'asc' | 'desc'] pairs."],
    [{ collection: "items", limit: 0 }, "Invalid query. 'limit' must be an integer from 1 to 100, not 0."],
    [{ collection: "items", limit: "20" }, "Invalid query. 'limit' must be an integer from 1 to 100, not '20'."],
    [{ collection: "items", startAfter: 5 }, "Invalid query. 'startAfter' must be the nextCursor string of a previous answer."],
    [
      { collection: "items", startAfter: "not a cursor" },
      "Invalid query. 'startAfter' is not a valid cursor: pass the nextCursor of a previous answer unchanged.",
    ],
  ])("refuses the body %j", (body, message) => {
    expect(refused(validateQuery(body))).toBe(message);
  });

  it("only continues a cursor with the same collection and orderBy", () => {
    const orderBy = [["level", "desc"]];
    const cursor = encodeCursor({ collection: "items", order: "level:desc", values: [10], position: null, id: "iron-sword" });
    expect(refused(validateQuery({ collection: "items", orderBy, startAfter: cursor }))).toBeNull();
    const other = "Invalid query. 'startAfter' is a cursor of another query: keep the same collection and orderBy when paging.";
    expect(refused(validateQuery({ collection: "pets", orderBy, startAfter: cursor }))).toBe(other);
    expect(refused(validateQuery({ collection: "items", orderBy: [["level", "asc"]], startAfter: cursor }))).toBe(other);
    expect(refused(validateQuery({ collection: "items", startAfter: cursor }))).toBe(other);
    const byPosition = encodeCursor({ collection: "items", order: "", values: [], position: 4, id: "iron-sword" });
    expect(refused(validateQuery({ collection: "items", startAfter: byPosition }))).toBeNull();
  });
});

describe("query validator properties", () => {
  const operator = fc.constantFrom(...OPERATORS);

  it("accepts any sequence of filters iff no pair conflicts by the SDK's table, naming the first conflict new-first", () => {
    fc.assert(
      fc.property(fc.array(operator, { maxLength: 8 }), (ops) => {
        expect(refused(query(filters(...ops)))).toBe(expectedConflict(ops));
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts a limit iff it is an integer from 1 to 100", () => {
    const limit = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double(), fc.constantFrom(1, 100, 0, 101, 1.5, "5", true, null));
    fc.assert(
      fc.property(limit, (value) => {
        const validation = validateQuery({ collection: "items", limit: value });
        const valid = value === null || (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 100);
        expect(validation.ok).toBe(valid);
        if (validation.ok) expect(validation.query.limit).toBe(value ?? LIMIT_DEFAULT);
      }),
    );
  });

  it("accepts in / not-in / array-contains-any lists iff they hold 1 to 30 values", () => {
    fc.assert(
      fc.property(fc.constantFrom("in", "not-in", "array-contains-any"), fc.array(fc.integer(), { maxLength: 40 }), (op, values) => {
        const message = refused(query([["level", op, values]]));
        if (values.length === 0) expect(message).toBe(`Invalid Query. A non-empty array is required for '${op}' filters.`);
        else if (values.length > DISJUNCTION_MAX)
          expect(message).toBe(`Invalid Query. '${op}' filters support a maximum of 30 elements in the value array.`);
        else expect(message).toBeNull();
      }),
    );
  });

  it("accepts dotted paths of plain names, and refuses anything else", () => {
    const segment = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), (segments) => {
        const validation = query([[segments.join("."), "==", 1]]);
        expect(validation.ok && validation.query.where[0]?.path).toEqual(segments);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const plain = /^[A-Za-z0-9_.]*$/.test(text) && !/^\.|\.$|\.\.|(^|\.)[0-9]/.test(text) && text.length > 0;
        const withinLimits = text.split(".").length <= 8 && text.split(".").every((part) => part.length <= 64);
        expect(query([[text, "==", 1]]).ok).toBe(plain && withinLimits);
        expect(FIELD_PATH.test(text)).toBe(plain && withinLimits);
      }),
    );
  });

  it("round-trips cursors, and never throws on a forged one", () => {
    const cursor: fc.Arbitrary<Cursor> = fc.record({
      collection: fc.constantFrom(...COLLECTIONS),
      order: fc.string(),
      values: fc.array(fc.jsonValue() as fc.Arbitrary<JsonValue>, { maxLength: 4 }),
      position: fc.option(fc.nat(), { nil: null }),
      id: fc.string(),
    });
    fc.assert(
      fc.property(cursor, (value) => {
        expect(decodeCursor(encodeCursor(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.base64String(),
          fc.string().map((text) => Buffer.from(text).toString("base64url")),
        ),
        (text) => {
          const decoded = decodeCursor(text);
          if (decoded) expect(typeof decoded.id).toBe("string");
        },
      ),
    );
    expect(orderSignature([{ field: "level", direction: "desc" }])).toBe("level:desc");
  });
});
