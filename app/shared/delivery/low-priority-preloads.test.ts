import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-preloads.ts";

async function rewrite(chunks: (string | Buffer)[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

const PAGE =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<link rel="stylesheet" href="/x.css"/></head><body><p>Giáp Đồng — Lục lạc</p></body>';
const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload low priority and leaves other tags alone", async () => {
    expect(await rewrite([PAGE])).toBe(EXPECTED);
  });

  it("gives the same HTML however the bytes are split, inside tags and inside Vietnamese letters", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    for (let size = 1; size <= 40; size++) {
      const chunks: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
      expect(await rewrite(chunks)).toBe(EXPECTED);
    }
  });

  it("passes through a page without preloads, ending in what could start a tag", async () => {
    expect(await rewrite(["<p>a</p><link rel=", '"mod'])).toBe('<p>a</p><link rel="mod');
  });
});
