import { describe, expect, it } from "vitest";
import { NavigationRefusedError, safeNavigationTarget, safeRedirectPath } from "./safe-navigation.ts";

const origin = "https://companion.example";

describe("safeNavigationTarget", () => {
  it("keeps same-origin paths, query and hash", () => {
    expect(safeNavigationTarget("/craft/detail?id=7#tree", { origin })).toEqual({ href: "/craft/detail?id=7#tree", external: false });
    expect(safeNavigationTarget(`${origin}/me`, { origin })).toEqual({ href: "/me", external: false });
    expect(safeNavigationTarget("season", { origin }).href).toBe("/season");
  });

  it("throws on an external URL without explicit permission", () => {
    expect(() => safeNavigationTarget("https://evil.example/phish", { origin })).toThrowError(NavigationRefusedError);
    expect(() => safeNavigationTarget("//evil.example/x", { origin })).toThrowError(/external URL is not allowed/);
  });

  it("allows an external http(s) URL with explicit permission", () => {
    expect(safeNavigationTarget("https://wiki.example/a", { origin, external: true })).toEqual({
      href: "https://wiki.example/a",
      external: true,
    });
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
  ])("refuses the dangerous URL %j even with permission", (target) => {
    for (const external of [false, true]) {
      try {
        safeNavigationTarget(target, { origin, external });
        expect.unreachable(`accepted ${target}`);
      } catch (error) {
        expect(error).toBeInstanceOf(NavigationRefusedError);
        expect((error as NavigationRefusedError).reason).toBe("dangerous-protocol");
      }
    }
  });

  it("refuses other non-web protocols when leaving the site", () => {
    expect(() => safeNavigationTarget("mailto:a@b.c", { origin, external: true })).toThrowError(NavigationRefusedError);
  });
});

describe("safeRedirectPath", () => {
  it("returns same-origin paths and sends everything else home", () => {
    expect(safeRedirectPath("/admin", origin)).toBe("/admin");
    expect(safeRedirectPath("https://evil.example/", origin)).toBe("/");
    expect(safeRedirectPath("//evil.example", origin)).toBe("/");
    expect(safeRedirectPath("javascript:alert(1)", origin)).toBe("/");
    expect(safeRedirectPath(null, origin)).toBe("/");
  });
});
