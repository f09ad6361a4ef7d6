import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findPage, pages, sections } from "./route-table.ts";

/** The 37 routes, each path as the product names it. */
const specRoutes = [
  "/",
  "/admin",
  "/bplayer",
  "/chat",
  "/clan",
  "/class",
  "/craft",
  "/craft/detail",
  "/district",
  "/equipments-items",
  "/equipments-items/detail",
  "/event",
  "/favorites",
  "/feed",
  "/guide",
  "/level",
  "/login",
  "/manor",
  "/me",
  "/me/bag",
  "/me/bag/detail",
  "/me/make-offer",
  "/me/make-offer/detail",
  "/me/note",
  "/me/note/detail",
  "/me/tax",
  "/mounts",
  "/mounts/detail",
  "/notification",
  "/pets",
  "/rating",
  "/rule",
  "/rune",
  "/season",
  "/season/detail",
  "/talisman",
  "/users",
];

describe("route table", () => {
  it("has exactly the 37 routes of the spec", () => {
    expect(specRoutes).toHaveLength(37);
    expect(pages.map((entry) => entry.path).sort()).toEqual([...specRoutes].sort());
  });

  it("has unique keys and route modules", () => {
    expect(new Set(pages.map((entry) => entry.key)).size).toBe(pages.length);
    expect(new Set(pages.map((entry) => entry.file)).size).toBe(pages.length);
  });

  it("puts /event and /login in the empty layout and everything else in the default one", () => {
    const none = pages.filter((entry) => entry.layout === "none").map((entry) => entry.path);
    expect(none.sort()).toEqual(["/event", "/login"]);
  });

  it("guards /admin with the guard named auth, and the personal area with signedIn", () => {
    const guarded = pages.filter((entry) => entry.middleware?.length);
    expect(guarded.filter((entry) => entry.middleware?.includes("auth")).map((entry) => entry.path)).toEqual(["/admin"]);
    expect(
      guarded
        .filter((entry) => entry.middleware?.includes("signedIn"))
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(specRoutes.filter((path) => path === "/me" || path.startsWith("/me/")).sort());
  });

  it("has every guarded route module export the middleware its entry names, and a guarded loader", () => {
    for (const entry of pages.filter((candidate) => candidate.middleware?.length)) {
      const source = readFileSync(join(import.meta.dirname, "../../app", entry.file), "utf8");
      expect(source, entry.file).toContain(`export const middleware = middlewareFor("${entry.key}")`);
      expect(source, entry.file).toMatch(/export const loader = guarded\(/);
    }
  });

  it("links every detail page to an existing list page", () => {
    for (const entry of pages.filter((candidate) => candidate.path.endsWith("/detail"))) {
      const parent = findPage(entry.parent ?? "");
      expect(parent, entry.path).toBeDefined();
      expect(entry.path.startsWith(`${parent?.path}/`)).toBe(true);
      expect(entry.inNav).toBe(false);
    }
  });

  it("gives every navigation section at least one page", () => {
    for (const section of sections) {
      expect(
        pages.some((entry) => entry.section === section && entry.inNav),
        section,
      ).toBe(true);
    }
  });
});
