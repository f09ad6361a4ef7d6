import { describe, expect, it } from "vitest";
import { firstRows } from "./first-rows.ts";

const rows = Array.from({ length: 7 }, (_, index) => index + 1);
const options = { first: 5, param: "all", value: "1", landOn: "more" };

describe("a long list's first rows", () => {
  it("shows the first ones and links to every one, keeping the address's other parameters and landing past them", () => {
    expect(firstRows(rows, new URL("https://app.test/me/bag?q=sat&sort=value"), options)).toEqual({
      shown: [1, 2, 3, 4, 5],
      count: 7,
      allHref: "/me/bag?q=sat&sort=value&all=1#more",
    });
  });

  it("shows every one when asked for them, or when they all fit, with no link", () => {
    expect(firstRows(rows, new URL("https://app.test/me/bag?all=1"), options)).toEqual({ shown: rows, count: 7, allHref: null });
    expect(firstRows(rows.slice(0, 5), new URL("https://app.test/me/bag"), options)).toEqual({
      shown: rows.slice(0, 5),
      count: 5,
      allHref: null,
    });
  });

  it("takes only its own value as the request for every row", () => {
    expect(firstRows(rows, new URL("https://app.test/me/bag?all=yes"), options).shown).toHaveLength(5);
  });
});
