import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { brokenLinks, relativeLinks } from "./doc-links.ts";

describe("documentation links", () => {
  it("finds relative links outside code and leaves web addresses and anchors alone", () => {
    const markdown = "[a](docs/api.md#errors) [b](https://example.com) [c](#top) `[e](code.md)`\n```\n[d](nowhere.md)\n```\n";
    expect(relativeLinks(markdown)).toEqual(["docs/api.md#errors"]);
  });

  it("every relative link in README.md, ARCHITECTURE.md and docs/ points to a file that exists", () => {
    expect(brokenLinks(resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});
