import { describe, expect, it } from "vitest";
import { createRouteMatcher, matchRouteRules, prerenderedPaths, routeRules } from "./route-rules.ts";

describe("route-rules matcher", () => {
  const matcher = createRouteMatcher({
    "/**": { cacheControl: "no-store" },
    "/docs/**": { prerender: true, maxAgeSeconds: 60 },
    "/docs/live": { prerender: false },
    "/about": { prerender: true },
  });

  it("applies an exact rule only to its own path, query, hash and trailing slash ignored", () => {
    expect(matchRouteRules(matcher, "/about")).toEqual({ cacheControl: "no-store", prerender: true });
    expect(matchRouteRules(matcher, "/about/?lang=en-US#top")).toEqual({ cacheControl: "no-store", prerender: true });
    expect(matchRouteRules(matcher, "/about/team")).toEqual({ cacheControl: "no-store" });
    expect(matchRouteRules(matcher, "/aboutx")).toEqual({ cacheControl: "no-store" });
  });

  it("lets a prefix cover itself and everything below it, but not a longer name", () => {
    expect(matchRouteRules(matcher, "/docs")).toEqual({ cacheControl: "no-store", prerender: true, maxAgeSeconds: 60 });
    expect(matchRouteRules(matcher, "/docs/a/b")).toMatchObject({ prerender: true });
    expect(matchRouteRules(matcher, "/docsearch")).toEqual({ cacheControl: "no-store" });
  });

  it("lets the more specific rule win field by field (longer prefix, then exact)", () => {
    expect(matchRouteRules(matcher, "/docs/live")).toEqual({ cacheControl: "no-store", prerender: false, maxAgeSeconds: 60 });
  });

  it("survives the JSON round trip of the build manifest", () => {
    const shipped = JSON.parse(JSON.stringify(matcher)) as typeof matcher;
    expect(matchRouteRules(shipped, "/docs/live")).toEqual(matchRouteRules(matcher, "/docs/live"));
  });

  it("refuses patterns it cannot match", () => {
    expect(() => createRouteMatcher({ "docs/**": {} })).toThrow(/start with/);
    expect(() => createRouteMatcher({ "/a/*/b": {} })).toThrow(/wildcard/);
  });

  it("returns no rule for an unknown path when nothing matches", () => {
    expect(matchRouteRules(createRouteMatcher({ "/a": { prerender: true } }), "/b")).toEqual({});
  });
});

describe("the app's route rules", () => {
  const matcher = createRouteMatcher(routeRules);

  it("prerender the catalog's list and detail pages and the home page, nothing personal", () => {
    const paths = prerenderedPaths();
    for (const path of [
      "/",
      "/equipments-items",
      "/equipments-items/detail",
      "/mounts/detail",
      "/craft/detail",
      "/season/detail",
      "/class",
    ]) {
      expect(paths).toContain(path);
    }
    for (const path of ["/me", "/me/bag", "/admin", "/login", "/chat", "/favorites"]) expect(paths).not.toContain(path);
  });

  it("give clock-dependent pages a short render lifetime and personal pages the need for a network", () => {
    expect(matchRouteRules(matcher, "/season/detail?id=s1")).toEqual({ prerender: true, maxAgeSeconds: 60 });
    expect(matchRouteRules(matcher, "/mounts/detail?id=m1")).toEqual({ prerender: true });
    expect(matchRouteRules(matcher, "/me/bag/detail")).toEqual({ needsNetwork: true });
    expect(matchRouteRules(matcher, "/builds/latest.json")).toEqual({ cacheControl: "no-cache" });
    expect(matchRouteRules(matcher, "/builds/meta/abc.json").cacheControl).toContain("immutable");
  });
});
