import { afterEach, describe, expect, it, vi } from "vitest";
import type { RootData } from "../root-data.ts";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_WHEN_ATTRIBUTE } from "./island-markup.ts";
import { startIslands, type PlainIsland } from "./start-islands.ts";
import type * as Hydrator from "./hydrate-islands.tsx";

/** An island's element, as far as `startIslands` and `wakeOnUse` read it; `use` plays a pointer on it. */
function island(name: string, props: object, when?: string) {
  const listeners = new Map<string, () => void>();
  const attributes: Record<string, string | undefined> = {
    [ISLAND_ATTRIBUTE]: name,
    [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
    [ISLAND_WHEN_ATTRIBUTE]: when,
  };
  return {
    parentElement: { closest: () => null },
    getAttribute: (attribute: string) => attributes[attribute] ?? null,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    use: () => listeners.get("pointerdown")?.(),
  };
}

function page(elements: ReturnType<typeof island>[]) {
  const head: { href: string }[] = [];
  const doc = {
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

afterEach(() => vi.unstubAllGlobals());

describe("startIslands", () => {
  it("starts a plain island in plain DOM, with its props and the root data, and loads no React for a visitor whose islands all wait", async () => {
    const runtimes = vi.fn();
    const elements = [island("page-runtimes", { language: "vi" }), island("app-bar", {}, "used"), island("favorite-star", {}, "signed-in")];
    const { doc, dataset, head } = page(elements);
    const { load } = hydrator();
    startIslands(visitor, { "page-runtimes": runtimes as PlainIsland }, load, ["/assets/framework-a.js"], doc);
    expect(runtimes).toHaveBeenCalledWith(elements[0], { language: "vi" }, visitor);
    expect(dataset.hydrated).toBe("true");
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(head).toEqual([]);
  });

  it("loads the hydrator and preloads the shell once, at first use, and hydrates the island used", async () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    const bar = island("app-bar", {}, "used");
    const search = island("search", {}, "used");
    const { doc, head } = page([bar, search]);
    const { load, module } = hydrator();
    startIslands(visitor, {}, load, ["/assets/framework-a.js", "/assets/shared-b.js"], doc);
    bar.use();
    search.use();
    await flush();
    expect(load).toHaveBeenCalledOnce();
    expect(head.map((link) => link.href)).toEqual(["/assets/framework-a.js", "/assets/shared-b.js"]);
    expect(module.hydrateIsland.mock.calls.map(([element]) => element)).toEqual([bar, search]);
  });

  it("marks the page interactive only once every island that hydrates as it loads has committed (all of a member's)", async () => {
    vi.stubGlobal("CSS", { escape: (value: string) => value });
    const { doc, dataset } = page([island("app-bar", {}, "used"), island("favorite-star", {}, "signed-in")]);
    const { load, module, pending } = hydrator();
    startIslands(member, {}, load, [], doc);
    await flush();
    expect(pending).toHaveLength(2);
    pending[0]!();
    expect(module.markHydrated).not.toHaveBeenCalled();
    pending[1]!();
    await flush();
    expect(module.markHydrated).toHaveBeenCalledOnce();
    expect(dataset.hydrated).toBeUndefined(); // set by the hydrator's markHydrated, with React's own flag
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
    startIslands(visitor, {}, load, [], doc);
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
});
