import { afterEach, describe, expect, it, vi } from "vitest";
import { Translator } from "./translator.ts";

const vi_ = {
  greeting: "Xin chào {{name}}",
  nested: { deep: { key: "Sâu" } },
  results_other: "{{count}} kết quả",
  onlyHere: "Chỉ có ở đây",
};
const auth = { fields: { email: "Email" } };

describe("Translator", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads nested keys of the bound namespace and of a namespace named in the key", () => {
    const t = new Translator("vi", { common: vi_, auth }).bind();
    expect(t("nested.deep.key")).toBe("Sâu");
    expect(t("auth:fields.email")).toBe("Email");
    expect(new Translator("vi", { common: vi_, auth }).bind("auth")("fields.email")).toBe("Email");
  });

  it("interpolates values without escaping (React escapes) and leaves nothing of a missing one", () => {
    const t = new Translator("vi", { common: vi_ }).bind();
    expect(t("greeting", { name: "<Tuấn & Lan>" })).toBe("Xin chào <Tuấn & Lan>");
    expect(t("greeting")).toBe("Xin chào ");
  });

  it("picks the plural form the language's rules name, falling back to _other", () => {
    const en = new Translator("en-US", { common: { results_one: "{{count}} result", results_other: "{{count}} results" } }).bind();
    expect(en("results", { count: 1 })).toBe("1 result");
    expect(en("results", { count: 0 })).toBe("0 results");
    expect(en("results", { count: 5 })).toBe("5 results");
    const vn = new Translator("vi", { common: vi_ }).bind();
    expect(vn("results", { count: 1 })).toBe("1 kết quả");
  });

  it("returns the default value, or else the key, when no language has the key", () => {
    const t = new Translator("en-US", { common: {} }).bind();
    expect(t("badges.values.veteran", { defaultValue: "veteran" })).toBe("veteran");
    expect(t("missing.key")).toBe("missing.key");
    expect(t("unknownns:missing")).toBe("unknownns:missing");
  });

  it("does not fetch anything on the server", () => {
    const translator = new Translator("vi", { common: {} });
    expect(translator.t("common", "nav.home")).toBe("nav.home");
    expect(translator.version()).toBe(0);
  });

  it("in the browser fetches the en-US namespace once for missing keys, then tells subscribers and shows it", async () => {
    vi.stubGlobal("document", {});
    const translator = new Translator("vi", { common: { onlyVi: "Chỉ tiếng Việt" } });
    const notified = new Promise<void>((resolve) => translator.subscribe(resolve));
    const t = translator.bind();
    expect(t("errors.notFound.message")).toBe("errors.notFound.message");
    expect(t("errors.notFound.title")).toBe("errors.notFound.title");
    await notified;
    expect(translator.version()).toBe(1);
    expect(t("errors.notFound.message")).toBe("Page Not Found");
    expect(t("onlyVi")).toBe("Chỉ tiếng Việt");
  });

  it("keeps the namespace a loader sent and never replaces one already there", () => {
    const translator = new Translator("vi", { common: vi_ });
    expect(translator.has("home")).toBe(false);
    translator.add("home", { title: "Trang chủ" });
    translator.add("home", { title: "Khác" });
    expect(translator.has("home")).toBe(true);
    expect(translator.t("home", "title")).toBe("Trang chủ");
  });

  it("adds to a namespace the messages it lacks, at any depth, when another part of the page sends more of it", () => {
    const translator = new Translator("vi", { common: vi_ });
    translator.add("feed", { reload: "Tải lại", post: { likes_other: "{{count}} lượt thích" } });
    translator.add("feed", { reload: "Khác", empty: "Chưa có bài", post: { likes_other: "Khác", image: "Ảnh {{index}}" } });
    expect(translator.t("feed", "reload")).toBe("Tải lại");
    expect(translator.t("feed", "empty")).toBe("Chưa có bài");
    expect(translator.t("feed", "post.likes", { count: 2 })).toBe("2 lượt thích");
    expect(translator.t("feed", "post.image", { index: 1 })).toBe("Ảnh 1");
  });
});
