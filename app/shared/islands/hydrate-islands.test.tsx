// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RootData } from "../root-data.ts";
import { hydrateIsland, unmountIslands } from "./hydrate-islands.tsx";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from "./island-document.ts";

function Greeting({ name }: { name: string }) {
  return <p>Xin chào {name}</p>;
}

const root: RootData = {
  bell: null,
  viewer: null,
  appTitle: "Minithings",
  banners: [],
  i18n: { language: "vi", resources: {} },
  build: { id: "test", checkIntervalMs: 60_000 },
  origin: "http://localhost",
};

/** An island as the server writes it: its element, named, with its props and its HTML. */
function serverIsland(name: string, props: object): HTMLElement {
  const element = document.createElement("div");
  element.setAttribute(ISLAND_ATTRIBUTE, name);
  element.setAttribute(ISLAND_PROPS_ATTRIBUTE, JSON.stringify(props));
  element.innerHTML = renderToString(<Greeting {...(props as { name: string })} />);
  document.body.append(element);
  return element;
}

const registry = { greeting: () => Promise.resolve(Greeting as never) };

afterEach(() => {
  unmountIslands();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("hydrateIsland", () => {
  it("hydrates the server's HTML in place and says when it has committed", async () => {
    const element = serverIsland("greeting", { name: "Hà" });
    const paragraph = element.firstElementChild;
    const committed = new Promise<void>((resolve) => void hydrateIsland(element, root, resolve, registry));
    await committed;
    expect(element.firstElementChild).toBe(paragraph);
    expect(element.textContent).toBe("Xin chào Hà");
  });

  it("reports nothing when the reader leaves the page before an island could hydrate (a move in place)", async () => {
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    const element = serverIsland("greeting", { name: "Hà" });
    // Its code has loaded and its hydration is scheduled, not done: the page is left (still in the document).
    await hydrateIsland(element, root, () => undefined, registry);
    unmountIslands();
    element.remove();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reported).not.toHaveBeenCalled();
  });

  it("logs an island the registry does not know, and leaves it as the server rendered it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const element = serverIsland("nobody", { name: "Hà" });
    const committed = vi.fn();
    await hydrateIsland(element, root, committed, registry);
    expect(committed).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalled();
    expect(element.textContent).toBe("Xin chào Hà");
  });
});
