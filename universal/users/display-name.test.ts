import { describe, expect, it } from "vitest";
import { cleanDisplayName, displayNameProblem, forbiddenNameCharacter, normalizeDisplayName } from "./display-name.ts";

describe("display names", () => {
  it.each([
    ["a right-to-left override", "Admin\u202Eniht"],
    ["a bidi isolate", "Lan\u2066Anh\u2069"],
    ["a left-to-right mark", "Lan\u200EAnh"],
    ["a zero-width space", "Mod\u200BHoa"],
    ["a zero-width non-joiner", "Mod\u200CHoa"],
    ["a word joiner", "Mod\u2060Hoa"],
    ["a byte order mark", "\uFEFFMod Hoa"],
    ["a soft hyphen", "Mod\u00ADHoa"],
    ["a bell", "Mod\u0007Hoa"],
    ["a line break", "Mod\nHoa"],
    ["a line separator", "Mod\u2028Hoa"],
    ["a no-break space", "Mod\u00A0Hoa"],
    ["an ideographic space", "Mod\u3000Hoa"],
    ["a Hangul filler", "\u3164"],
    ["a joiner between letters", "Mod\u200DHoa"],
    ["a variation selector after a letter", "Hoa\uFE0F"],
    ["a stray tag character", "Hoa\u{E0041}"],
  ])("refuses %s", (_case, name) => {
    expect(displayNameProblem(name)).toBe("characters");
    expect(forbiddenNameCharacter(name)).not.toBeNull();
  });

  it.each([
    ["Vietnamese with diacritics", "Nguyễn Thị Hòa"],
    ["an emoji ZWJ sequence", "Coder 👩‍💻"],
    ["a skin tone inside a sequence", "👩🏽‍💻 Lan"],
    ["an emoji with its variation selector", "Tim ❤️"],
    ["a rainbow flag", "🏳️‍🌈"],
    ["a keycap", "Số 1️⃣"],
    ["a subdivision flag (tag characters)", "Scot 🏴󠁧󠁢󠁳󠁣󠁴󠁿"],
    ["Arabic", "سارا"],
  ])("accepts %s", (_case, name) => {
    expect(displayNameProblem(name)).toBeNull();
  });

  it("measures the name once normalised: NFC, spaces collapsed, trimmed", () => {
    expect(normalizeDisplayName("  Mod   Hoa ")).toBe("Mod Hoa");
    expect(normalizeDisplayName("Ho\u0300a")).toBe("Hòa");
    expect(displayNameProblem("   ")).toBe("length");
    expect(displayNameProblem("x".repeat(41))).toBe("length");
    expect(displayNameProblem(`${"x".repeat(40)}   `)).toBeNull();
  });

  it("cleans a provider's name instead of refusing it, falling back when nothing is left", () => {
    expect(cleanDisplayName("\u202EAdmin\u200B Hoa\u0007", "fallback")).toBe("Admin Hoa");
    expect(cleanDisplayName("Lan\u00A0Anh", "fallback")).toBe("Lan Anh");
    expect(cleanDisplayName("Coder 👩‍💻", "fallback")).toBe("Coder 👩‍💻");
    expect(cleanDisplayName("\u200B\u3164 ", "fallback")).toBe("fallback");
    expect(cleanDisplayName("😀".repeat(30), "fallback")).toBe("😀".repeat(20));
  });
});
