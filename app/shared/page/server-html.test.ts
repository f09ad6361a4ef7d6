import { describe, expect, it } from "vitest";
import { routerTarget } from "./server-html.tsx";

const here = new URL("https://example.test/equipments-items?type=weapon") as unknown as Location;

function anchor(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const resolved = new URL(href, here.href).href;
  return {
    href: resolved,
    target: attributes.target ?? "",
    hasAttribute: (name: string) => name in attributes,
  } as unknown as HTMLAnchorElement;
}

describe("routerTarget", () => {
  it("sends a same-origin link through the router, with its query and hash", () => {
    expect(routerTarget(anchor("/equipments-items/detail?id=iron-ore"), here)).toBe("/equipments-items/detail?id=iron-ore");
    expect(routerTarget(anchor("/guide?id=a#part-2"), here)).toBe("/guide?id=a#part-2");
    expect(routerTarget(anchor("?page=2"), here)).toBe("/equipments-items?page=2");
  });

  it("leaves the browser other sites, new tabs, downloads, document reloads and places on this page", () => {
    expect(routerTarget(anchor("https://game-icons.net/"), here)).toBeUndefined();
    expect(routerTarget(anchor("/credits", { target: "_blank" }), here)).toBeUndefined();
    expect(routerTarget(anchor("/export.json", { download: "" }), here)).toBeUndefined();
    expect(routerTarget(anchor("/login", { "data-reload-document": "" }), here)).toBeUndefined();
    expect(routerTarget(anchor("#results"), here)).toBeUndefined();
    // A path a router or a browser would read as another host is refused, as every navigation is.
    expect(routerTarget(anchor("https://example.test//evil.example/"), here)).toBeUndefined();
    expect(routerTarget(anchor("https://example.test/%2F%2Fevil.example"), here)).toBeUndefined();
  });

  it("keeps an explicit same-tab target", () => {
    expect(routerTarget(anchor("/craft", { target: "_self" }), here)).toBe("/craft");
  });
});
