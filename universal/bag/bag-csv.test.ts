import { describe, expect, it } from "vitest";
import { formatBagCsv, parseCsv, readBagCsv } from "./bag-csv.ts";

const limits = { maxRows: 3, maxQuantity: 100, maxEnhancement: 15, maxNote: 20 };

describe("the bag as CSV", () => {
  it("writes quotes, commas, line breaks and formula-like cells safely, and reads them back", () => {
    const text = formatBagCsv([
      { itemId: "iron-sword", name: "Kiếm Sắt", quantity: 2, enhancement: 7, note: 'đẹp, "xịn"' },
      { itemId: "iron-ore", name: "Quặng", quantity: 10, enhancement: 0, note: "=HYPERLINK(1)" },
    ]);
    expect(text.split("\r\n")[0]).toBe("itemId,name,quantity,enhancement,note");
    expect(text).toContain("iron-ore,Quặng,10,0,'=HYPERLINK(1)");
    expect(parseCsv(text)[1]).toEqual(["iron-sword", "Kiếm Sắt", "2", "7", 'đẹp, "xịn"']);
    expect(parseCsv('a,"b\r\nc"\r\n')).toEqual([["a", "b\r\nc"]]);
    const { rows, errors } = readBagCsv(text, limits);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, itemId: "iron-sword", quantity: 2, enhancement: 7, note: 'đẹp, "xịn"' },
      { row: 3, itemId: "iron-ore", quantity: 10, enhancement: 0, note: "=HYPERLINK(1)" },
    ]);
  });

  it("reports every bad row with its line, and a missing column once", () => {
    const text = "\uFEFFitemId,quantity,enhancement\nIron Sword,1,0\niron-ore,0,0\niron-ore,2,99\niron-ore,2,\n";
    expect(readBagCsv(text, { ...limits, maxRows: 4 })).toEqual({
      rows: [{ row: 5, itemId: "iron-ore", quantity: 2, enhancement: 0, note: null }],
      errors: [
        { row: 2, problem: "item" },
        { row: 3, problem: "quantity" },
        { row: 4, problem: "enhancement" },
      ],
    });
    expect(readBagCsv("name,count\nx,1\n", limits).errors).toEqual([{ row: 1, problem: "columns" }]);
    expect(readBagCsv("itemId,quantity\na,1\na,1\na,1\na,1\n", limits).errors).toEqual([{ row: 5, problem: "too-many" }]);
  });
});
