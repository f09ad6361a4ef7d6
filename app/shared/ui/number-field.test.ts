import { describe, expect, it } from "vitest";
import { numberProblem } from "./number-field.tsx";

describe("calculator number fields", () => {
  it.each([
    ["5", { min: 1 }, null],
    ["", { min: 1 }, { key: "number.required" }],
    ["  ", { min: 0, emptyValue: 0 }, null],
    ["2.5", { min: 1 }, { key: "number.whole" }],
    ["1e3", { min: 1, max: 9999 }, null],
    ["0", { min: 1 }, { key: "number.min", min: 1 }],
    ["-4", { min: 0 }, { key: "number.min", min: 0 }],
    ["12000", { min: 1, max: 9999 }, { key: "number.max", max: 9999 }],
  ] as const)("%j with %j -> %j", (text, bounds, problem) => {
    expect(numberProblem(text, bounds)).toEqual(problem);
  });
});
