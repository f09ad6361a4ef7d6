import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { entryPreloads } from "../islands/entry-after-paint.ts";
import { withoutModulePreloads } from "./module-preloads.ts";

async function rewrite(chunks: (string | Buffer)[]): Promise<string> {
  return text(Readable.from(chunks).pipe(withoutModulePreloads()));
}

const PAGE =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n0+/="/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<link rel="stylesheet" href="/x.css"/></head><body><p>Giáp Đồng — Lục lạc</p>' +
  '<script type="module" async="">import * as route0 from "/assets/a.js";</script></body>';
const EXPECTED =
  '<head><link rel="stylesheet" href="/x.css"/></head><body><p>Giáp Đồng — Lục lạc</p>' +
  '<script type="module" async="">import * as route0 from "/assets/a.js";</script></body>';

describe("withoutModulePreloads", () => {
  it("removes every module preload and leaves other tags, the bootstrap script included, alone", async () => {
    expect(await rewrite([PAGE])).toBe(EXPECTED);
  });

  it("gives the same HTML however the bytes are split, inside tags and inside Vietnamese letters", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    for (let size = 1; size <= 60; size++) {
      const chunks: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
      expect(await rewrite(chunks)).toBe(EXPECTED);
    }
  });

  it("keeps an islands document's preloads of its entry, whole, however the bytes are split (decision 040)", async () => {
    const own = entryPreloads(["/assets/entry.client-a.js", "/assets/boot-b.js"]);
    const page = `${PAGE.replace("</body>", "")}<div hidden="">${own}</div></body>`;
    const expected = `${EXPECTED.replace("</body>", "")}<div hidden="">${own}</div></body>`;
    for (let size = 1; size <= 40; size += 3) {
      const chunks: string[] = [];
      for (let start = 0; start < page.length; start += size) chunks.push(page.slice(start, start + size));
      expect(await rewrite(chunks)).toBe(expected);
    }
  });

  it("passes through a page without preloads, ending in what could start a tag", async () => {
    expect(await rewrite(["<p>a</p><link rel=", '"mod'])).toBe('<p>a</p><link rel="mod');
  });
});
