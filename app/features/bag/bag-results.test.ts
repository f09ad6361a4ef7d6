import { afterEach, describe, expect, it, vi } from "vitest";
import { ICON_SPRITE, iconSpriteUrl } from "../../../universal/content/icon-sprite.ts";
import { BAG_RESULT_PARTS, showBagResults } from "./bag-results.ts";

/** A part of a page, as far as `showBagResults` reads and moves it. */
class Part {
  readonly style = { vars: new Map<string, string>(), setProperty: (name: string, value: string) => this.style.vars.set(name, value) };
  readonly dataset: Record<string, string> = {};
  replacedBy: Part | null = null;
  readonly id: string;
  readonly from: string;
  constructor(id: string, from: string) {
    this.id = id;
    this.from = from;
  }
  replaceWith(part: Part) {
    this.replacedBy = part;
  }
}

/** A page with the bag's parts (or none), and a sprite of `icons`. */
function page(from: string, { parts = true, icons = [] as string[] } = {}) {
  const elements = new Map<string, Part>();
  if (parts) for (const id of BAG_RESULT_PARTS) elements.set(id, new Part(id, from));
  if (icons.length > 0) {
    const sprite = new Part(ICON_SPRITE.elementId, from);
    sprite.dataset.icons = icons.join(ICON_SPRITE.separator);
    elements.set(ICON_SPRITE.elementId, sprite);
  }
  return { getElementById: (id: string) => elements.get(id) ?? null, elements };
}

/** The browser around `showBagResults`: the shown page, the server's pages by address, and the answers held until released. */
function browser(served: Record<string, ReturnType<typeof page> | "refused" | "offline">) {
  const shown = page("shown");
  const pending = new Map<string, () => void>();
  const replace = vi.fn();
  vi.stubGlobal("window", { location: { href: "http://test/me/bag", replace } });
  vi.stubGlobal("document", {
    getElementById: shown.getElementById,
    importNode: (part: Part) => new Part(part.id, part.from),
  });
  vi.stubGlobal(
    "DOMParser",
    class {
      parseFromString(text: string) {
        return served[text];
      }
    },
  );
  vi.stubGlobal("fetch", (href: string, { signal }: { signal: AbortSignal }) => {
    const answer = served[href];
    if (answer === "offline") return Promise.reject(new TypeError("Failed to fetch"));
    return new Promise((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      pending.set(href, () =>
        resolve({
          ok: answer !== "refused",
          status: answer === "refused" ? 500 : 200,
          redirected: false,
          headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
          text: async () => href,
        }),
      );
    });
  });
  const release = async (href: string) => {
    pending.get(href)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const shownNow = (id: string) => shown.elements.get(id)?.replacedBy ?? null;
  return { release, shownNow, replace };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("showBagResults", () => {
  it("replaces the summary and the list by the server's answer for the address, their icons drawn from its sprite", async () => {
    const { release, shownNow, replace } = browser({ "/me/bag?q=ore": page("ore", { icons: ["ore", "hide"] }) });
    const showing = showBagResults("/me/bag?q=ore");
    await release("/me/bag?q=ore");
    await showing;
    for (const id of BAG_RESULT_PARTS) {
      expect(shownNow(id)?.from).toBe("ore");
      expect(shownNow(id)?.style.vars.get("--icon-sprite")).toBe(`url(${iconSpriteUrl(["ore", "hide"])})`);
    }
    expect(replace).not.toHaveBeenCalled();
  });

  it("shows the newest change: an older answer that comes last is dropped", async () => {
    const { release, shownNow } = browser({ "/me/bag?q=o": page("o"), "/me/bag?q=ore": page("ore") });
    const older = showBagResults("/me/bag?q=o");
    const newer = showBagResults("/me/bag?q=ore");
    await release("/me/bag?q=ore");
    await release("/me/bag?q=o");
    await Promise.all([older, newer]);
    expect(shownNow("bag-list")?.from).toBe("ore");
  });

  it("loads the document when the answer is not the bag (the session ended) or there is none", async () => {
    for (const answer of [page("login", { parts: false }), "refused", "offline"] as const) {
      const { release, shownNow, replace } = browser({ "/me/bag": answer });
      const showing = showBagResults("/me/bag");
      await release("/me/bag");
      await showing;
      expect(replace).toHaveBeenCalledWith("/me/bag");
      expect(shownNow("bag-list")).toBeNull();
      vi.unstubAllGlobals();
    }
  });
});
