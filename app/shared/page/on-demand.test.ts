import { describe, expect, it, vi } from "vitest";
import { onDemand } from "./on-demand.ts";

const settle = () => new Promise((done) => setTimeout(done, 0));

describe("onDemand", () => {
  it("loads once, on first use, and attaches every user once it is there", async () => {
    const load = vi.fn(() => Promise.resolve("client"));
    const lazy = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    const attached: string[] = [];
    lazy.use((value) => (attached.push(`a:${value}`), () => {}));
    lazy.use((value) => (attached.push(`b:${value}`), () => {}));
    expect(attached).toEqual([]);
    expect(lazy.current()).toBeUndefined();
    await settle();
    expect(attached).toEqual(["a:client", "b:client"]);
    expect(lazy.current()).toBe("client");
    // Once loaded, a new user attaches at once.
    lazy.use((value) => (attached.push(`c:${value}`), () => {}));
    expect(attached).toContain("c:client");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("never attaches a user that left before the load finished, and undoes one that leaves after", async () => {
    const lazy = onDemand(() => Promise.resolve(1));
    const early = vi.fn(() => () => {});
    lazy.use(early)();
    const undo = vi.fn();
    const stop = lazy.use(() => undo);
    await settle();
    expect(early).not.toHaveBeenCalled();
    expect(undo).not.toHaveBeenCalled();
    stop();
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it("tries again on the next use after a failed load, without an unhandled rejection", async () => {
    let attempt = 0;
    const onError = vi.fn();
    const lazy = onDemand(() => (++attempt === 1 ? Promise.reject(new Error("offline")) : Promise.resolve("ok")), onError);
    const attach = vi.fn(() => () => {});
    lazy.use(attach);
    await settle();
    expect(attach).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(new Error("offline"));
    lazy.use(attach);
    await settle();
    expect(attach).toHaveBeenCalledWith("ok");
    expect(attempt).toBe(2);
  });
});
