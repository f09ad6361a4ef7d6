import { describe, expect, it } from "vitest";
import { createDocumentHistory, type DocumentWindow } from "./document-history.ts";

function fakeWindow(start: string) {
  const loads: string[] = [];
  const replaced: string[] = [];
  let url = new URL(start);
  const win: DocumentWindow = {
    location: {
      get href() {
        return url.href;
      },
      get origin() {
        return url.origin;
      },
      get pathname() {
        return url.pathname;
      },
      get search() {
        return url.search;
      },
      get hash() {
        return url.hash;
      },
      assign: (next: string | URL) => void loads.push(String(next)),
      replace: (next: string | URL) => void loads.push(`replace ${String(next)}`),
    },
    history: {
      state: null,
      go: () => undefined,
      replaceState: (_state: unknown, _title: string, next?: string | URL | null) => {
        url = new URL(String(next), url);
        replaced.push(url.pathname + url.search);
      },
    },
  };
  return { win, loads, replaced };
}

describe("the islands' history", () => {
  it("loads a document for every navigation pushed, whatever its path", () => {
    const { win, loads, replaced } = fakeWindow("https://example.test/craft/detail?id=a");
    const history = createDocumentHistory(win);
    history.navigator.push("/equipments-items/detail?id=b");
    history.navigator.push({ pathname: "/craft/detail", search: "?id=a&n=2" });
    expect(loads).toEqual(["/equipments-items/detail?id=b", "/craft/detail?id=a&n=2"]);
    expect(replaced).toEqual([]);
  });

  it("keeps a replaced URL of the same path in the document, and tells every island", () => {
    const { win, loads, replaced } = fakeWindow("https://example.test/craft/detail?id=a");
    const history = createDocumentHistory(win);
    const before = history.location();
    expect(history.location()).toBe(before);
    let heard = 0;
    const stop = history.subscribe(() => (heard += 1));
    history.navigator.replace("/craft/detail?id=a&n=3");
    expect(loads).toEqual([]);
    expect(replaced).toEqual(["/craft/detail?id=a&n=3"]);
    expect(history.location()).toEqual({ pathname: "/craft/detail", search: "?id=a&n=3", hash: "" });
    expect(heard).toBe(1);
    stop();
    history.navigator.replace("?id=a&n=4");
    expect(heard).toBe(1);
    expect(history.location().search).toBe("?id=a&n=4");
  });

  it("loads a document when a replaced URL leaves the path or the site", () => {
    const { win, loads, replaced } = fakeWindow("https://example.test/district?id=x");
    const history = createDocumentHistory(win);
    history.navigator.replace("/manor?id=y");
    history.navigator.replace("https://elsewhere.example/district?id=x");
    expect(loads).toEqual(["replace https://example.test/manor?id=y", "replace https://elsewhere.example/district?id=x"]);
    expect(replaced).toEqual([]);
  });
});
