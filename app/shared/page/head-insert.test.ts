import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { insertBeforeHeadEnd } from "./head-insert.ts";

const PAGE = "<html><head><title>Giáp Đồng</title></head><body><p>Lục lạc</p></body></html>";
const EXPECTED = '<html><head><title>Giáp Đồng</title><style id="s"></style></head><body><p>Lục lạc</p></body></html>';

async function rewrite(chunks: (string | Buffer)[], markup = () => '<style id="s"></style>'): Promise<string> {
  return text(Readable.from(chunks).pipe(insertBeforeHeadEnd(markup)));
}

describe("insertBeforeHeadEnd", () => {
  it("writes the markup once, just before the end of the head", async () => {
    expect(await rewrite([PAGE])).toBe(EXPECTED);
    expect(await rewrite([PAGE + "</head>"])).toBe(EXPECTED + "</head>");
  });

  it("gives the same HTML however the bytes are split, inside the tag and inside Vietnamese letters", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    for (let size = 1; size <= 40; size++) {
      const chunks: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
      expect(await rewrite(chunks)).toBe(EXPECTED);
    }
  });

  it("reads the markup only when the end of the head passes, and leaves a document without a head alone", async () => {
    let reads = 0;
    const markup = () => {
      reads += 1;
      return "";
    };
    expect(await rewrite(["<p>a</p></he"], markup)).toBe("<p>a</p></he");
    expect(reads).toBe(0);
    expect(await rewrite(["<head></head>"], markup)).toBe("<head></head>");
    expect(reads).toBe(1);
  });
});
