import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

async function inBrowser() {
  const window = new EventTarget();
  vi.stubGlobal("window", window);
  const module = await import("./page-errors.ts");
  return { window, ...module };
}

describe("logPageError", () => {
  it("is an error while the visitor stays on the page", async () => {
    const { logPageError } = await inBrowser();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logPageError("Failed to load the build manifest", new TypeError("Failed to fetch"));
    expect(error).toHaveBeenCalledOnce();
  });

  it("goes to the debug log once the visitor is leaving, and is an error again when the page is shown again", async () => {
    const { window, logPageError, pageIsLeaving } = await inBrowser();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const debug = vi.spyOn(console, "debug").mockImplementation(() => undefined);
    window.dispatchEvent(new Event("pagehide"));
    expect(pageIsLeaving()).toBe(true);
    logPageError("Could not get the ID token", new TypeError("Failed to fetch"));
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledOnce();

    window.dispatchEvent(new Event("pageshow"));
    logPageError("Could not get the ID token", new TypeError("Failed to fetch"));
    expect(error).toHaveBeenCalledOnce();
  });
});
