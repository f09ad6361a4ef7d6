import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeRedirectPath, NavigationRefusedError, safeNavigationTarget, safeRedirectPath } from "./safe-navigation.ts";

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

/** Targets that a browser, a router or a server that decodes the path would take to another host. */
const offSite = [
  "/.//evil.example/",
  "/%2e//evil.example/",
  "/%2E%2E//evil.example",
  "/a/..//evil.example",
  "/./\\evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "//evil.example",
  "///evil.example",
  "http:evil.example",
  "http:\\\\evil.example",
  "https://evil.example/",
  `${origin}//evil.example`,
  `${origin}/.//evil.example`,
  "/\t/evil.example",
  "/\n/evil.example",
  "\t//evil.example",
  "/%2F/evil.example",
  "/%2fevil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0d%0a/evil.example",
];

describe("redirects that read as another host", () => {
  it.each(offSite)("safeRedirectPath sends %j home", (target) => {
    expect(safeRedirectPath(target, origin)).toBe("/");
    expect(isSafeRedirectPath(target)).toBe(false);
  });

  it.each(offSite.filter((target) => new URL(target, origin).origin === origin))(
    "safeNavigationTarget refuses the same-origin %j even with permission to leave",
    (target) => {
      for (const external of [false, true]) {
        expect(() => safeNavigationTarget(target, { origin, external })).toThrowError(NavigationRefusedError);
      }
    },
  );

  it("keeps paths whose slashes or escapes come later", () => {
    expect(safeRedirectPath("/craft?id=x", origin)).toBe("/craft?id=x");
    expect(safeRedirectPath("/me/bag?id=3#top", origin)).toBe("/me/bag?id=3#top");
    expect(safeRedirectPath("/guide/%2F%5C", origin)).toBe("/guide/%2F%5C");
    expect(safeRedirectPath("/search?q=//evil.example", origin)).toBe("/search?q=//evil.example");
    expect(safeRedirectPath(`${origin}/craft?id=x`, origin)).toBe("/craft?id=x");
    // The same scheme as the page's without slashes is a relative path, to browsers as to the parser.
    expect(safeRedirectPath("https:evil.example", origin)).toBe("/evil.example");
    expect(isSafeRedirectPath("/login?mode=reset")).toBe(true);
    expect(isSafeRedirectPath("/")).toBe(true);
  });

  it("only ever answers a path on this origin, whatever the target (1,000 runs)", () => {
    // Pieces of the known tricks, so that runs reach their combinations and not only random text.
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "./",
      "../",
      "%2e",
      "%2f",
      "%5c",
      "%09",
      "\t",
      "\n",
      " ",
      ":",
      "?",
      "#",
      "@",
      "evil.example",
      "https:",
      "javascript:",
      origin,
    );
    const targets = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme-composite" }),
      fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(targets, (target) => {
        const result = safeRedirectPath(target, origin);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(result.startsWith("/\\")).toBe(false);
        expect(new URL(result, origin).origin).toBe(origin);
        expect(safeRedirectPath(result, origin)).toBe(result);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("sameOriginPath", () => {
  it("keeps our own paths and refuses everything else", async () => {
    const { sameOriginPath } = await import("./safe-navigation.ts");
    expect(sameOriginPath("/chat?room=global-vi")).toBe("/chat?room=global-vi");
    expect(sameOriginPath("https://evil.example/x")).toBeNull();
    expect(sameOriginPath("javascript:alert(1)")).toBeNull();
    expect(sameOriginPath("//evil.example")).toBeNull();
    expect(sameOriginPath(null)).toBeNull();
  });
});
