import { describe, expect, it } from "vitest";
import { mergeAfterReload } from "./merge-after-reload.ts";

describe("a topic's list after it is read again", () => {
  const message = (id: number, editedAt: number | null = null) => ({ id, editedAt, text: `${id}@${editedAt ?? 0}` });

  it("keeps a message the socket delivered while the read was on its way", () => {
    expect(mergeAfterReload([message(1), message(2)], [message(1), message(2), message(3)], new Set()).map((each) => each.id)).toEqual([
      1, 2, 3,
    ]);
  });

  it("takes the server's list for what both hold, keeps earlier pages, and drops what the server no longer lists", () => {
    const merged = mergeAfterReload([message(5, 100), message(7)], [message(4), message(5), message(6)], new Set());
    expect(merged).toEqual([message(4), message(5, 100), message(7)]);
  });

  it("keeps an edit the socket delivered after the read, and a deletion", () => {
    const merged = mergeAfterReload([message(1), message(2), message(3)], [message(1), message(2, 500)], new Set([3]));
    expect(merged).toEqual([message(1), message(2, 500)]);
  });
});
