import { describe, expect, it } from "vitest";
import { alternateUrls, canonicalUrl } from "./canonical.ts";

const origin = "https://companion.example";

describe("canonical URLs", () => {
  it("keep the entry id, drop filters, and name English with ?lang=en-US", () => {
    expect(canonicalUrl(origin, "/mounts/detail?sort=x&id=brown-horse#top", "vi")).toBe(
      "https://companion.example/mounts/detail?id=brown-horse",
    );
    expect(canonicalUrl(origin, "/equipments-items?type=weapon&lang=en-US", "en-US")).toBe(
      "https://companion.example/equipments-items?lang=en-US",
    );
    expect(canonicalUrl(origin, "/?lang=en-US", "vi")).toBe("https://companion.example/");
  });

  it("list both languages and x-default (the default language's URL) as alternates", () => {
    expect(alternateUrls(origin, "/craft/detail?id=a&n=3")).toEqual([
      { hrefLang: "vi", href: "https://companion.example/craft/detail?id=a" },
      { hrefLang: "en-US", href: "https://companion.example/craft/detail?id=a&lang=en-US" },
      { hrefLang: "x-default", href: "https://companion.example/craft/detail?id=a" },
    ]);
  });
});
