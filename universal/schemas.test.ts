import { describe, expect, it } from "vitest";
import { ID_PATTERN } from "./content/pack-id.ts";
import { boundedText, clientIdSchema, isPackId, PACK_ID_MAX, packIdSchema } from "./schemas.ts";

describe("the shared request pieces", () => {
  it("takes a client id of 8 to 64 letters, digits, - or _ and nothing else", () => {
    expect(clientIdSchema.safeParse("a1b2c3d4").success).toBe(true);
    expect(clientIdSchema.safeParse("x".repeat(64)).success).toBe(true);
    for (const bad of ["short", "x".repeat(65), "with space1", "ngôn-ngữ-1"]) expect(clientIdSchema.safeParse(bad).success).toBe(false);
  });

  it("takes a pack id by the pack format's own pattern, within its length, and names the field when it refuses", () => {
    const itemId = packIdSchema("itemId: an item id like iron-sword");
    expect(itemId.parse("iron-sword")).toBe("iron-sword");
    for (const bad of ["Iron-Sword", "iron--sword", "-iron", "iron_sword", "", "a".repeat(PACK_ID_MAX + 1), 7]) {
      const result = itemId.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("itemId: an item id like iron-sword");
    }
    for (const text of ["iron-sword", "a", "a".repeat(PACK_ID_MAX), "A", "a".repeat(PACK_ID_MAX + 1), "x y"])
      expect(isPackId(text)).toBe(ID_PATTERN.test(text) && text.length <= PACK_ID_MAX);
  });

  it("trims bounded text, counts its length after trimming, and refuses too little or too much by name", () => {
    const title = boundedText(5, "title");
    expect(title.parse("  Chào  ")).toBe("Chào");
    expect(title.safeParse("   ").error?.issues[0]?.message).toBe("title needs some text");
    expect(title.safeParse("dài quá").error?.issues[0]?.message).toBe("title: at most 5 characters");
    expect(title.safeParse(" ".repeat(11)).error?.issues[0]?.message).toBe("title: at most 5 characters");
    expect(boundedText(5, "note", { min: 0 }).parse("  ")).toBe("");
    expect(boundedText(9, "body", { lineEnds: true }).parse("a\r\nb\rc ")).toBe("a\nb\nc");
    expect(boundedText(9, "body").parse("a\r\nb")).toBe("a\r\nb");
  });
});
