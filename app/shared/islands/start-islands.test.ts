import { afterEach, describe, expect, it, vi } from "vitest";
import type { RootData } from "../root-data.ts";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_WAKE_IF_STORED_ATTRIBUTE, ISLAND_WHEN_ATTRIBUTE } from "./island-markup.ts";
import { startIslands, type PlainIsland } from "./start-islands.ts";
import type * as Hydrator from "./hydrate-islands.tsx";

/** An island's element, as far as `startIslands` and `wakeOnUse` read it; `use` plays a pointer on it. */
function island(
  name: string,
  props: object,
  when?: string,
  { wakeIfStored, nested = false }: { wakeIfStored?: string; nested?: boolean } = {},
) {
  const listeners = new Map<string, () => void>();
  const attributes: Record<string, string | undefined> = {
    [ISLAND_ATTRIBUTE]: name,
    [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
    [ISLAND_WHEN_ATTRIBUTE]: when,
    [ISLAND_WAKE_IF_STORED_ATTRIBUTE]: wakeIfStored,
  };
  return {
    parentElement: { closest: () => (nested ? {} : null) },
    getAttribute: (attribute: string) => attributes[attribute] ?? null,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    // No fields in these islands: nothing typed before they woke.
    querySelectorAll: () => [],
    use: () => listeners.get("pointerdown")?.(),
  };
}

function page(elements: ReturnType<typeof island>[], stored: string[] = []) {
  const head: { href: string }[] = [];
  const doc = {
    defaultView: { localStorage: { length: stored.length, key: (index: number) => stored[index] ?? null } },
    documentElement: { dataset: {} as Record<string, string> },
    querySelectorAll: () => elements,
    querySelector: (selector: string) => (head.some((link) => selector.includes(`"${link.href}"`)) ? {} : null),
    createElement: () => ({ rel: "", href: "" }),
    head: { appendChild: (link: { href: string }) => head.push(link) },
  };
  return { doc: doc as unknown as Document, dataset: doc.documentElement.dataset, head };
}

/** A hydrator whose islands commit when the test says so. */
function hydrator() {
  const pending: (() => void)[] = [];
  const module = {
    hydrateIsland: vi.fn((_element: HTMLElement, _root: RootData, onCommit: () => void) => pending.push(onCommit)),
    markHydrated: vi.fn(),
  };
  const load = vi.fn(() => Promise.resolve(module as unknown as typeof Hydrator));
  return { module, load, pending };
}

const visitor = { viewer: null } as unknown as RootData;
const member = { viewer: { uid: "u1" } } as unknown as RootData;
const flush = () => new Promise((done) => setTimeout(done, 0));
/** Runs each step of the start as it is queued: what the tests below read is what the steps do. */
const atOnce = (run: () => void) => run();

afterEach(() => vi.unstubAllGlobals());

describe("startIslands", () => {
  it("starts a plain island in plain DOM, with its props and the root data, and loads no React for a visitor whose islands all wait", async () => {
    const runtimes = vi.fn();
    const elements = [island("page-runtimes", { language: "vi" }), island("app-bar", {}, "used"), island("favorite-star", {}, "signed-in")];
    const { doc, dataset, head } = page(elements);
    const { load } = hydrator();
    startIslands(visitor, { "page-runtimes": runtimes as PlainIsland }, load, ["/assets/framework-a.js"], doc, atOnce);
    expect(runtimes).toHaveBeenCalledWith(elements[0], { language: "vi" }, visitor);
    expect(dataset.hydrated).toBe("true");
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(head).toEqual([]);
  });

  it("starts, for a page moved to in place, only the islands it has not started yet (the page's runtimes live on)", async () => {
    const runtimes = vi.fn();
    const bell = vi.fn();
    const kept = island("page-runtimes", { language: "vi" });
    const first = page([kept, island("unread-bell", {})]);
    const plain = { "page-runtimes": runtimes as PlainIsland, "unread-bell": bell as PlainIsland };
    const { load } = hydrator();
    startIslands(visitor, plain, load, [], first.doc, atOnce);
    const next = island("unread-bell", {});
    const moved = page([kept, next]);
    startIslands(visitor, plain, load, [], moved.doc, atOnce);
    expect(runtimes).toHaveBeenCalledOnce();
    expect(bell.mock.calls.map(([element]) => element)).toEqual([expect.anything(), next]);
    expect(moved.dataset.hydrated).toBe("true");
  });

  it("loads the hydrator and preloads the shell once, at first use, and hydrates the island used", async () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    const bar = island("app-bar", {}, "used");
    const search = island("search", {}, "used");
    const { doc, head } = page([bar, search]);
    const { load, module } = hydrator();
    startIslands(visitor, {}, load, ["/assets/framework-a.js", "/assets/shared-b.js"], doc, atOnce);
    bar.use();
    search.use();
    await flush();
    expect(load).toHaveBeenCalledOnce();
    expect(head.map((link) => link.href)).toEqual(["/assets/framework-a.js", "/assets/shared-b.js"]);
    expect(module.hydrateIsland.mock.calls.map(([element]) => element)).toEqual([bar, search]);
  });

  it("keeps an island's text areas through its hydration: each is given its own value once, its selection kept, as hydration is asked for", async () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    const writes: string[] = [];
    let selection = [3, 7];
    const area = {
      selectionStart: 3,
      selectionEnd: 7,
      selectionDirection: "forward",
      get value() {
        return "old text";
      },
      set value(next: string) {
        writes.push(next);
        selection = [next.length, next.length];
      },
      setSelectionRange: (start: number, end: number) => (selection = [start, end]),
    };
    const editor = {
      ...island("note-editor", {}, "used"),
      querySelectorAll: (selector: string) => (selector === "textarea" ? [area] : []),
    };
    const { doc } = page([editor as unknown as ReturnType<typeof island>]);
    const { load } = hydrator();
    startIslands(visitor, {}, load, [], doc, atOnce);
    expect(writes).toEqual([]);
    editor.use();
    await flush();
    expect(writes).toEqual(["old text"]);
    expect(selection).toEqual([3, 7]);
  });

  it("marks the page interactive only once every island that hydrates as it loads has committed; a member's used island waits (decision 042)", async () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    const bar = island("app-bar", {}, "used");
    const star = island("favorite-star", {}, "signed-in");
    const calc = island("craft-calculator", {});
    const { doc, dataset } = page([bar, star, calc]);
    const { load, module, pending } = hydrator();
    startIslands(member, {}, load, [], doc, atOnce);
    await flush();
    expect(module.hydrateIsland.mock.calls.map(([element]) => element)).toEqual([star, calc]);
    pending[0]!();
    expect(module.markHydrated).not.toHaveBeenCalled();
    pending[1]!();
    await flush();
    expect(module.markHydrated).toHaveBeenCalledOnce();
    expect(dataset.hydrated).toBeUndefined(); // set by the hydrator's markHydrated, with React's own flag
    bar.use();
    await flush();
    expect(module.hydrateIsland.mock.calls.map(([element]) => element)).toEqual([star, calc, bar]);
  });

  it("hydrates a used island as the page loads when the device keeps a draft under its prefix, and not otherwise", async () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    const editor = island("note-editor", {}, "used", { wakeIfStored: "minithings:note:" });
    const offer = island("offer-form", {}, "used", { wakeIfStored: "minithings:offer:" });
    const { doc } = page([editor, offer], ["theme", "minithings:note:7"]);
    const { load, module } = hydrator();
    startIslands(member, {}, load, [], doc, atOnce);
    await flush();
    expect(module.hydrateIsland.mock.calls.map(([element]) => element)).toEqual([editor]);
  });

  it("starts a plain island inside a waiting island (the app bar's bell), which the outer one hydrates over later", async () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    const bell = vi.fn();
    const bar = island("app-bar", {}, "used");
    const inner = island("unread-bell", {}, undefined, { nested: true });
    const { doc, dataset } = page([bar, inner]);
    const { load, module } = hydrator();
    startIslands(member, { "unread-bell": bell as PlainIsland }, load, [], doc, atOnce);
    expect(bell).toHaveBeenCalledWith(inner, {}, member);
    expect(dataset.hydrated).toBe("true");
    await flush();
    expect(load).not.toHaveBeenCalled();
    bar.use();
    await flush();
    expect(module.hydrateIsland.mock.calls.map(([element]) => element)).toEqual([bar]);
  });

  it("logs a hydrator that fails to load, leaves the island as server HTML, still marks the page interactive, and tries again for the next island", async () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const calc = island("craft-calculator", {});
    const bar = island("app-bar", {}, "used");
    const { doc, dataset } = page([calc, bar]);
    const { module } = hydrator();
    const load = vi
      .fn<() => Promise<typeof Hydrator>>()
      .mockRejectedValueOnce(new Error("chunk failed"))
      .mockResolvedValue(module as unknown as typeof Hydrator);
    startIslands(visitor, {}, load, [], doc, atOnce);
    await flush();
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[0])).toContain('"craft-calculator" could not hydrate');
    expect(dataset.hydrated).toBe("true");
    bar.use();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(module.hydrateIsland.mock.calls.map(([element]) => element)).toEqual([bar]);
    error.mockRestore();
  });

  it("starts in steps, each a task of its own: every plain island, then the islands to hydrate; the page is marked interactive after the caller's own steps", () => {
    const order: string[] = [];
    const queue: (() => void)[] = [];
    const step = (run: () => void) => queue.push(run);
    const runtimes = vi.fn(() => order.push("runtimes"));
    const bell = vi.fn(() => order.push("bell"));
    const left = { ...island("record-view", {}), isConnected: false };
    const bar = island("app-bar", {}, "used");
    const { doc, dataset } = page([island("page-runtimes", {}), island("unread-bell", {}), left, bar]);
    const { load } = hydrator();
    const view = vi.fn();
    startIslands(
      member,
      { "page-runtimes": runtimes, "unread-bell": bell, "record-view": view } as Record<string, PlainIsland>,
      load,
      [],
      doc,
      step,
    );
    step(() => order.push("the caller's"));
    expect(order).toEqual([]);
    expect(queue).toHaveLength(5); // three plain islands, finding the islands to hydrate, the caller's
    while (queue.length > 0) {
      queue.shift()!();
      order.push(`hydrated: ${dataset.hydrated ?? "no"}`);
    }
    expect(order).toEqual([
      "runtimes",
      "hydrated: no",
      "bell",
      "hydrated: no",
      "hydrated: no", // the record view's element left with its page before its step: it does not start
      "hydrated: no", // the islands to hydrate: the app bar waits for its first use
      "the caller's",
      "hydrated: no",
      "hydrated: true",
    ]);
    expect(view).not.toHaveBeenCalled();
  });
});
