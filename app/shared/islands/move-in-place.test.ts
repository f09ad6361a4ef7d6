import { describe, expect, it } from "vitest";
import type { RootData } from "../root-data.ts";
import { aheadOrder, canShowInPlace, createAheadCache, inPlaceLink, isInPlaceTarget } from "./move-in-place.ts";

const here = { origin: "https://app.test", pathname: "/me", search: "" };
const at = (path: string) => new URL(path, here.origin);

/** A click on a link, as far as `inPlaceLink` reads it. */
function clickOn(
  href: string,
  {
    attributes = {},
    target = "",
    ...keys
  }: { attributes?: Record<string, string>; target?: string } & Partial<
    Pick<MouseEvent, "button" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey" | "defaultPrevented">
  > = {},
) {
  const link = { href: new URL(href, here.origin).href, target, hasAttribute: (name: string) => Object.hasOwn(attributes, name) };
  return {
    target: { closest: (selector: string) => (selector === "a[href]" ? link : null) },
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    ...keys,
  } as unknown as MouseEvent;
}

describe("which pages move in place", () => {
  it("a member's area, the chat, the feed and the notifications, on this site", () => {
    for (const path of ["/me", "/me/bag", "/me/make-offer/detail?id=3", "/chat?room=global-vi", "/feed", "/notification"])
      expect(isInPlaceTarget(at(path), here)).toBe(true);
    for (const path of ["/", "/equipments-items", "/mebag", "/chatroom", "/admin", "/login"])
      expect(isInPlaceTarget(at(path), here)).toBe(false);
    expect(isInPlaceTarget(new URL("https://elsewhere.test/me"), here)).toBe(false);
  });

  it("leaves a place on the page shown to the browser, but not the same place on another page", () => {
    expect(isInPlaceTarget(at("/me#security"), here)).toBe(false);
    expect(isInPlaceTarget(at("/me/bag#list"), here)).toBe(true);
  });
});

describe("the link a click moves to", () => {
  it("is a plain click's on a link to such a page", () => {
    expect(inPlaceLink(clickOn("/me/bag"), here)?.pathname).toBe("/me/bag");
  });

  it("is none for a click that opens elsewhere, was handled, or a link that downloads", () => {
    expect(inPlaceLink(clickOn("/me/bag", { ctrlKey: true }), here)).toBeNull();
    expect(inPlaceLink(clickOn("/me/bag", { metaKey: true }), here)).toBeNull();
    expect(inPlaceLink(clickOn("/me/bag", { shiftKey: true }), here)).toBeNull();
    expect(inPlaceLink(clickOn("/me/bag", { button: 1 }), here)).toBeNull();
    expect(inPlaceLink(clickOn("/me/bag", { defaultPrevented: true }), here)).toBeNull();
    expect(inPlaceLink(clickOn("/me/bag", { target: "_blank" }), here)).toBeNull();
    expect(inPlaceLink(clickOn("/me/bag", { attributes: { download: "" } }), here)).toBeNull();
    expect(inPlaceLink(clickOn("/wiki"), here)).toBeNull();
  });

  it("is none for a click on no link", () => {
    const event = { ...clickOn("/me/bag"), target: { closest: () => null } } as unknown as MouseEvent;
    expect(inPlaceLink(event, here)).toBeNull();
  });
});

describe("a fetched page shown in place", () => {
  const root = (uid: string | null, language = "vi", build = "b1") =>
    ({ viewer: uid ? { uid } : null, i18n: { language }, build: { id: build, checkIntervalMs: 60_000 } }) as unknown as RootData;

  it("must be for the same member, in the same language, from the same build", () => {
    expect(canShowInPlace(root("u1"), root("u1"))).toBe(true);
    expect(canShowInPlace(root("u1"), root("u2"))).toBe(false);
    expect(canShowInPlace(root("u1"), root(null))).toBe(false);
    expect(canShowInPlace(root("u1"), root("u1", "en-US"))).toBe(false);
    expect(canShowInPlace(root("u1"), root("u1", "vi", "b2"))).toBe(false);
    expect(canShowInPlace(root("u1"), null)).toBe(false);
  });
});

describe("pages fetched ahead of a click", () => {
  function cache(max = 3, keepMs = 1000) {
    let clock = 0;
    const fetched: string[] = [];
    const ahead = createAheadCache(
      (href) => {
        fetched.push(href);
        return Promise.resolve(`page ${href} #${fetched.length}`);
      },
      () => clock,
      max,
      keepMs,
    );
    return { ahead, fetched, later: (ms: number) => (clock += ms) };
  }

  it("fetches a page once while it is fresh, and gives it to one move only", async () => {
    const { ahead, fetched, later } = cache();
    void ahead.fetch("/me/bag");
    void ahead.fetch("/me/bag");
    later(999);
    expect(fetched).toEqual(["/me/bag"]);
    expect(await ahead.take("/me/bag")).toBe("page /me/bag #1");
    expect(ahead.take("/me/bag")).toBeNull();
  });

  it("lets a page go stale after its time, and fetches it again", async () => {
    const { ahead, fetched, later } = cache();
    void ahead.fetch("/chat");
    later(1000);
    expect(ahead.has("/chat")).toBe(false);
    expect(ahead.take("/chat")).toBeNull();
    expect(await ahead.fetch("/chat")).toBe("page /chat #2");
    expect(fetched).toEqual(["/chat", "/chat"]);
  });

  it("keeps at most its limit, the oldest going first, and forgets everything at once", () => {
    const { ahead, later } = cache(3);
    for (const href of ["/me", "/me/bag", "/me/note", "/me/tax"]) {
      void ahead.fetch(href);
      later(10);
    }
    expect(ahead.size).toBe(3);
    expect(ahead.has("/me")).toBe(false);
    expect(ahead.has("/me/tax")).toBe(true);
    ahead.clear();
    expect(ahead.size).toBe(0);
    expect(ahead.take("/me/tax")).toBeNull();
  });
});

describe("the order pages are fetched ahead in", () => {
  it("puts the section shown first, then the menu's order", () => {
    const menu = ["/feed", "/chat", "/notification", "/me", "/me/bag", "/me/tax"].map(at);
    expect(aheadOrder(menu, "/me/bag").map((url) => url.pathname)).toEqual([
      "/me",
      "/me/bag",
      "/me/tax",
      "/feed",
      "/chat",
      "/notification",
    ]);
    expect(aheadOrder(menu, "/chat").map((url) => url.pathname)).toEqual(["/chat", "/feed", "/notification", "/me", "/me/bag", "/me/tax"]);
  });
});
