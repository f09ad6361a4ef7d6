import { afterEach, describe, expect, it } from "vitest";
import { copyOutcome, dropCopy, insertLink, linkQueryAt, readCopy, writeCopy } from "./guide-drafts.ts";

const fields = { title: "Tân thủ", body: "Chào", lang: "vi", category: "beginner" };

describe("the copy kept on the device", () => {
  const store = new Map<string, string>();
  const fake = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  Object.defineProperty(globalThis, "localStorage", { value: fake, configurable: true });
  afterEach(() => store.clear());

  it("is kept per guide until dropped", () => {
    writeCopy(7, { ...fields, baseVersion: 3, clientId: null, at: 1 });
    expect(readCopy(7)).toMatchObject({ body: "Chào", baseVersion: 3 });
    expect(readCopy(null)).toBeNull();
    dropCopy(7);
    expect(readCopy(7)).toBeNull();
  });

  it("ignores what is not a copy", () => {
    store.set("guide-draft:8", "{not json");
    store.set("guide-draft:9", JSON.stringify({ title: 1 }));
    expect(readCopy(8)).toBeNull();
    expect(readCopy(9)).toBeNull();
  });

  it("is restored when it only missed a save, and shown beside the server's when the server moved on", () => {
    const copy = { ...fields, body: "Chào bạn", baseVersion: 3, clientId: null, at: 1 };
    expect(copyOutcome(copy, { ...fields, version: 3 })).toBe("restore");
    expect(copyOutcome(copy, { ...fields, version: 4 })).toBe("conflict");
    expect(copyOutcome({ ...copy, body: "Chào" }, { ...fields, version: 9 })).toBe("none");
    expect(copyOutcome(null, { ...fields, version: 1 })).toBe("none");
  });
});

describe("catalog links typed with [[", () => {
  it("finds the text after [[ up to the caret", () => {
    expect(linkQueryAt("Dùng [[kiem s", 13)).toEqual({ start: 5, query: "kiem s" });
    expect(linkQueryAt("Dùng [[kiem\nsắt", 15)).toBeNull();
    expect(linkQueryAt("[[a]] xong", 10)).toBeNull();
    expect(linkQueryAt("[[", 2)).toEqual({ start: 0, query: "" });
  });

  it("replaces it with a markdown link and puts the caret after it", () => {
    const text = "Dùng [[kiem và khiên";
    const { text: next, caret } = insertLink(text, 5, 11, "Kiếm [Sắt]", "/equipments-items/detail?id=iron-sword");
    expect(next).toBe("Dùng [Kiếm Sắt](/equipments-items/detail?id=iron-sword) và khiên");
    expect(next.slice(0, caret)).toBe("Dùng [Kiếm Sắt](/equipments-items/detail?id=iron-sword)");
  });
});
