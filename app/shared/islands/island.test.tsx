import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { islands } from "../../islands.ts";
import { RecordView, ViewBeacon } from "../content/record-view.tsx";
import { Island } from "./island.tsx";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WAKE_IF_STORED_ATTRIBUTE,
  ISLAND_WHEN_ATTRIBUTE,
  islandHydration,
} from "./island-document.ts";
import { storedUnder } from "./island-markup.ts";
import { isIslandsHandle, islandsForVisitorsHandle, islandsHandle, scriptJson, servedAsIslands } from "./islands-mode.tsx";

describe("Island", () => {
  it("renders its component inside a box-less element that names it and carries its props as JSON", () => {
    const html = renderToString(<Island name="record-view" component={ViewBeacon} props={{ kind: "items", id: "a<b" }} />);
    expect(renderToString(<RecordView kind="items" id="a<b" />)).toBe(html);
    const element = /^<div ([^>]*)><\/div>$/.exec(html);
    expect(element, html).not.toBeNull();
    expect(html).toContain(`${ISLAND_ATTRIBUTE}="record-view"`);
    expect(html).toContain('class="contents"');
    expect(renderToString(<Island name="record-view" component={ViewBeacon} props={{ kind: "items", id: "x" }} as="span" />)).toMatch(
      /^<span [^>]*><\/span>$/,
    );
    const props = new RegExp(`${ISLAND_PROPS_ATTRIBUTE}="([^"]*)"`).exec(html)?.[1] ?? "";
    const decoded = props.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&amp;", "&");
    expect(JSON.parse(decoded)).toEqual({ kind: "items", id: "a<b" });
  });
});

describe("an island that does not hydrate as the page loads", () => {
  it("is marked so; one for a signed-in reader never hydrates for a visitor, one woken by use waits for a member too (decision 042)", () => {
    const marked = renderToString(<Island name="record-view" component={ViewBeacon} props={{ kind: "items", id: "x" }} when="signed-in" />);
    expect(marked).toContain(`${ISLAND_WHEN_ATTRIBUTE}="signed-in"`);
    const plain = renderToString(<Island name="record-view" component={ViewBeacon} props={{ kind: "items", id: "x" }} />);
    expect(plain).not.toContain(ISLAND_WHEN_ATTRIBUTE);
    const used = renderToString(<Island name="record-view" component={ViewBeacon} props={{ kind: "items", id: "x" }} when="used" />);
    expect(used).toContain(`${ISLAND_WHEN_ATTRIBUTE}="used"`);
    expect(islandHydration("signed-in", false)).toBe("never");
    expect(islandHydration("signed-in", true)).toBe("now");
    expect(islandHydration("used", false)).toBe("on-use");
    expect(islandHydration("used", true)).toBe("on-use");
    expect(islandHydration("visible", false)).toBe("on-visible");
    expect(islandHydration("visible", true)).toBe("on-visible");
    expect(islandHydration(null, false)).toBe("now");
    expect(islandHydration(null, true)).toBe("now");
  });

  it("names the prefix of its drafts, and a kept draft is found by that prefix", () => {
    const marked = renderToString(
      <Island name="record-view" component={ViewBeacon} props={{ kind: "items", id: "x" }} when="used" wakeIfStored="minithings:note:" />,
    );
    expect(marked).toContain(`${ISLAND_WAKE_IF_STORED_ATTRIBUTE}="minithings:note:"`);
    const keys = ["theme", "minithings:note:12"];
    const storage = { length: keys.length, key: (index: number) => keys[index] ?? null };
    expect(storedUnder("minithings:note:", storage)).toBe(true);
    expect(storedUnder("minithings:offer:", storage)).toBe(false);
    expect(storedUnder("", storage)).toBe(false);
    expect(storedUnder("minithings:note:", undefined)).toBe(false);
    const refusing = {
      get length(): number {
        throw new Error("SecurityError");
      },
      key: () => null,
    };
    expect(storedUnder("minithings:note:", refusing)).toBe(false);
  });
});

describe("the islands registry", () => {
  it("loads a component for every name", async () => {
    for (const [name, load] of Object.entries(islands)) expect(typeof (await load()), name).toBe("function");
  });
});

describe("islands mode", () => {
  it("is asked for by a route's handle, and by nothing else", () => {
    expect(isIslandsHandle(islandsHandle)).toBe(true);
    expect(isIslandsHandle(islandsForVisitorsHandle)).toBe(true);
    for (const handle of [undefined, null, {}, { islands: "true" }, { islands: 1 }, { islands: "members" }, "islands"])
      expect(isIslandsHandle(handle)).toBe(false);
  });

  it("serves a page to visitors only as islands when its route asks for visitors, to everyone when it asks for all", () => {
    expect(servedAsIslands(islandsHandle, false)).toBe(true);
    expect(servedAsIslands(islandsHandle, true)).toBe(true);
    expect(servedAsIslands(islandsForVisitorsHandle, false)).toBe(true);
    expect(servedAsIslands(islandsForVisitorsHandle, true)).toBe(false);
    expect(servedAsIslands(undefined, false)).toBe(false);
  });

  it("writes JSON that no string in it can end the script element with", () => {
    const text = scriptJson({ message: "</script><script>alert(1)</script>", nested: ["<!--"] });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ message: "</script><script>alert(1)</script>", nested: ["<!--"] });
  });
});
