import { describe, expect, it } from "vitest";
import { entryHref } from "./entry-links.ts";
import { kindEntryHref } from "./kind-links.ts";

describe("entry links", () => {
  it.each([
    ["item:iron-sword", "/equipments-items/detail?id=iron-sword"],
    ["recipe:forge-x", "/craft/detail?id=forge-x"],
    ["mount:brown-horse", "/mounts/detail?id=brown-horse"],
    ["guide:first-week", "/guide?id=first-week"],
    ["rule:be-kind", "/rule#be-kind"],
    ["marker:harbor-ferry-lan", "/district?marker=harbor-ferry-lan"],
  ])("%s -> %s", (reference, href) => {
    expect(entryHref(reference)).toBe(href);
  });

  it.each(["item:", "spaceship:x", "item:Bad_Id", "javascript:alert(1)", "item:x y"])("refuses %j", (reference) => {
    expect(entryHref(reference)).toBeNull();
  });

  it("maps stored kinds to pages, and kinds without a page to null", () => {
    expect(kindEntryHref("items", "iron-sword")).toBe("/equipments-items/detail?id=iron-sword");
    expect(kindEntryHref("runeSets", "ember")).toBe("/rune#ember");
    expect(kindEntryHref("levels", "level-3")).toBeNull();
  });
});
