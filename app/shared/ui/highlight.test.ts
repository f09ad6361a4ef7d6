import { describe, expect, it } from "vitest";
import { foldText, highlightParts, highlightRanges } from "./highlight.ts";

const marked = (text: string, query: string) =>
  highlightParts(text, query)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join("");

describe("foldText", () => {
  it("strips accents, lowers case and folds đ", () => {
    expect(foldText("Giáp Ngực Thiết Lân")).toBe("giap nguc thiet lan");
    expect(foldText("Đao Đồng")).toBe("dao dong");
    expect(foldText("İ")).toBe("i");
  });
});

describe("highlightParts", () => {
  it.each([
    ["Giáp Ngực Lính Cảng", "giap", "[Giáp] Ngực Lính Cảng"],
    ["Găng Giáp Lính Cảng", "giap", "Găng [Giáp] Lính Cảng"],
    ["Đao Đồng", "dao", "[Đao] Đồng"],
    ["Đao Đồng", "ĐỒNG", "Đao [Đồng]"],
    ["Giáp Ngực Thiết Lân", "ngực thiet", "Giáp [Ngực Thiết] Lân"],
    ["Giáp Ngực Thiết Lân", "  giap   nguc ", "[Giáp Ngực] Thiết Lân"],
    ["Iron Sword", "SWORD", "Iron [Sword]"],
  ])("%s / %j -> %s", (text, query, expected) => {
    expect(marked(text, query)).toBe(expected);
  });

  it("prefers a match at the start of a word", () => {
    expect(marked("Hoa Lan Lân", "lan")).toBe("Hoa [Lan] Lân");
    expect(marked("Balan Lân", "lan")).toBe("Balan [Lân]");
    expect(marked("Balan", "lan")).toBe("Ba[lan]");
  });

  it("highlights each word that occurs when the whole query does not", () => {
    expect(marked("Giáp Ngực Thiết Lân", "giap lan")).toBe("[Giáp] Ngực Thiết [Lân]");
    expect(marked("Giáp Ngực Thiết Lân", "lan xyz")).toBe("Giáp Ngực Thiết [Lân]");
  });

  it("maps back through decomposed names and astral characters", () => {
    const decomposed = "Gia\u0301p Đá";
    expect(highlightRanges(decomposed, "giap")).toEqual([[0, 5]]);
    expect(marked(decomposed, "giap")).toBe("[Gia\u0301p] Đá");
    expect(marked("🐉 Rồng Lửa", "rong")).toBe("🐉 [Rồng] Lửa");
  });

  it("returns the text unmarked when nothing matches or the query is blank", () => {
    expect(highlightParts("Giáp", "kiếm")).toEqual([{ text: "Giáp", match: false }]);
    expect(highlightParts("Giáp", "   ")).toEqual([{ text: "Giáp", match: false }]);
    expect(highlightParts("", "giap")).toEqual([{ text: "", match: false }]);
  });
});
