import { describe, expect, it } from "vitest";
import { checklistItems, setChecklistItem } from "./note-limits.ts";

describe("checklists in a note", () => {
  const body = [
    "# Việc",
    "- [ ] Đánh boss",
    "- [x] Bán đồ",
    "",
    "```",
    "- [ ] trong mã",
    "```",
    "1. [ ] Nâng cấp",
    "> - [X] trích",
    "- [] không phải",
  ].join("\n");

  it("finds the items outside fenced code, with their lines, state and text", () => {
    expect(checklistItems(body)).toEqual([
      { line: 1, done: false, text: "Đánh boss" },
      { line: 2, done: true, text: "Bán đồ" },
      { line: 7, done: false, text: "Nâng cấp" },
      { line: 8, done: true, text: "trích" },
    ]);
  });

  it("ticks and unticks one line, and leaves lines without an item alone", () => {
    const ticked = setChecklistItem(body, 1, true);
    expect(ticked.split("\n")[1]).toBe("- [x] Đánh boss");
    expect(setChecklistItem(ticked, 1, false)).toBe(body);
    expect(setChecklistItem(body, 8, false).split("\n")[8]).toBe("> - [ ] trích");
    expect(setChecklistItem(body, 5, true)).toBe(body);
    expect(setChecklistItem(body, 0, true)).toBe(body);
    expect(setChecklistItem(body, 99, true)).toBe(body);
  });
});
