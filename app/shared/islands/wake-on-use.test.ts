import { afterEach, describe, expect, it, vi } from "vitest";
import { clickWaitsForIsland, keepThroughHydration, replayChoices, replayTyping, wakeOnUse } from "./wake-on-use.ts";

const plain = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

describe("an island woken by use", () => {
  it("holds a plain click until it is ready, and leaves one that opens a new tab or window to the browser", () => {
    expect(clickWaitsForIsland(plain)).toBe(true);
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"] as const)
      expect(clickWaitsForIsland({ ...plain, [modifier]: true })).toBe(false);
    expect(clickWaitsForIsland({ ...plain, button: 1 })).toBe(false);
  });
});

/** A field as `replayTyping` reads it: `value` behind a setter of the prototype's, as an element's is. */
class Field {
  tagName = "TEXTAREA";
  defaultValue: string;
  selectionStart = null;
  selectionEnd = null;
  events: string[] = [];
  #value: string;
  constructor(server: string) {
    this.defaultValue = server;
    this.#value = server;
  }
  get value() {
    return this.#value;
  }
  set value(next: string) {
    this.#value = next;
  }
  dispatchEvent(event: Event) {
    this.events.push(event.type);
    return true;
  }
}

/** An island's element with one field in it, whose listeners the test plays. */
function islandWith(field: Field) {
  const listeners = new Map<string, ((event: Event) => void)[]>();
  const element = {
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    removeEventListener: (type: string, listener: (event: Event) => void) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((each) => each !== listener),
      ),
    querySelectorAll: () => [field],
    contains: () => false,
  };
  const play = (type: string) => {
    for (const listener of listeners.get(type) ?? []) listener({ type, target: field } as unknown as Event);
  };
  return { element: element as unknown as HTMLElement, play };
}

describe("text typed into an island before it woke", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is written again and announced once it is ready, even when hydrating put the server's text back", async () => {
    const field = new Field("the server's text");
    const { element, play } = islandWith(field);
    vi.stubGlobal("document", { activeElement: null });
    let ready = () => {};
    wakeOnUse(element, (done) => (ready = done));
    play("focusin");
    field.value = "typed before it woke";
    play("input");
    // Hydrating a textarea with text writes that text back into it.
    field.value = field.defaultValue;
    ready();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(field.value).toBe("typed before it woke");
    expect(field.events).toEqual(["input"]);
  });

  it("leaves a field nobody typed into alone", () => {
    const field = new Field("unchanged");
    replayTyping({ querySelectorAll: () => [field] } as unknown as Element);
    expect(field.value).toBe("unchanged");
    expect(field.events).toEqual([]);
  });
});

describe("a choice made in an island's list before it woke", () => {
  it("is made again and announced once it is ready, even when a render put the state's choice back", () => {
    const events: string[] = [];
    const select = {
      isConnected: true,
      value: "",
      dispatchEvent: (event: Event) => events.push(`${event.type}:${select.value}`),
    };
    const chosen = new Map([[select as unknown as HTMLSelectElement, "district-mist-harbor"]]);
    replayChoices(chosen);
    expect(select.value).toBe("district-mist-harbor");
    expect(events).toEqual(["change:district-mist-harbor"]);
  });
});

describe("keepThroughHydration", () => {
  it("sets a field's value once and keeps its selection, so that hydration's write of its default leaves both", () => {
    const writes: string[] = [];
    let selection: [number, number, string | undefined] = [0, 0, undefined];
    let value = "old text";
    const field = {
      selectionStart: 0,
      selectionEnd: 8,
      selectionDirection: "forward",
      get value() {
        return value;
      },
      set value(next: string) {
        writes.push(next);
        value = next;
        selection = [next.length, next.length, undefined];
      },
      setSelectionRange(start: number, end: number, direction?: string) {
        selection = [start, end, direction];
      },
    };
    keepThroughHydration(field as unknown as HTMLTextAreaElement);
    expect(writes).toEqual(["old text"]);
    expect(selection).toEqual([0, 8, "forward"]);
  });

  it("leaves a field without a selection alone", () => {
    const field = { selectionStart: null, selectionEnd: null, value: "on", setSelectionRange: () => expect.unreachable() };
    keepThroughHydration(field as unknown as HTMLTextAreaElement);
    expect(field.value).toBe("on");
  });
});
