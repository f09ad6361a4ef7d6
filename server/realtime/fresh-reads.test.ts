import { describe, expect, it } from "vitest";
import { freshReads } from "./fresh-reads.ts";

/** A read whose answers the test releases one at a time; each answer is the state when the read began. */
function controlledRead() {
  let state = 0;
  const started: { key: string; state: number; release: () => void; fail: (error: Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      const seen = state;
      started.push({ key, state: seen, release: () => resolve(`${key}@${seen}`), fail: reject });
    });
  return {
    read,
    started,
    change: () => (state += 1),
  };
}

describe("freshReads", () => {
  it("never answers a caller with a read that began before it asked", async () => {
    const source = controlledRead();
    const get = freshReads((key: string) => key, source.read);
    const first = get("room");
    source.change(); // A change commits after the first read began…
    const second = get("room"); // …and this caller asks after it: it must see the change.
    const third = get("room");
    expect(source.started).toHaveLength(1);
    source.started[0]!.release();
    expect(await first).toBe("room@0");
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    // The callers who came meanwhile share one read, begun after the first ended.
    expect(source.started).toHaveLength(2);
    source.started[1]!.release();
    expect(await second).toBe("room@1");
    expect(await third).toBe("room@1");
  });

  it("shares nothing between keys, and starts afresh once all reads of a key ended", async () => {
    const source = controlledRead();
    const get = freshReads((key: string) => key, source.read);
    const a = get("a");
    const b = get("b");
    expect(source.started.map((each) => each.key)).toEqual(["a", "b"]);
    for (const each of source.started) each.release();
    expect([await a, await b]).toEqual(["a@0", "b@0"]);
    source.change();
    const again = get("a");
    expect(source.started).toHaveLength(3);
    source.started[2]!.release();
    expect(await again).toBe("a@1");
  });

  it("gives a failed read's error to its callers only: those who came meanwhile read again", async () => {
    const source = controlledRead();
    const get = freshReads((key: string) => key, source.read);
    const first = get("room");
    const second = get("room");
    source.started[0]!.fail(new Error("database away"));
    await expect(first).rejects.toThrow("database away");
    await new Promise((resolve) => setImmediate(resolve));
    source.started[1]!.release();
    expect(await second).toBe("room@0");
  });
});
