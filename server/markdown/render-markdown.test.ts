import { describe, expect, it } from "vitest";
import { renderMarkdown, slugify } from "./render-markdown.ts";

describe("renderMarkdown", () => {
  it("turns catalog references into their pages and builds a table of contents", () => {
    const { html, toc } = renderMarkdown(
      "## Chế tác đầu tiên\n\nRèn [Kiếm Sắt](item:iron-sword) ở [lò](recipe:forge-iron-sword).\n\n### Đồ nghề\n\ntext\n\n## Chế tác đầu tiên",
    );
    expect(html).toContain('<a href="/equipments-items/detail?id=iron-sword">Kiếm Sắt</a>');
    expect(html).toContain('<a href="/craft/detail?id=forge-iron-sword">lò</a>');
    expect(toc).toEqual([
      { depth: 2, text: "Chế tác đầu tiên", id: "che-tac-dau-tien" },
      { depth: 3, text: "Đồ nghề", id: "do-nghe" },
      { depth: 2, text: "Chế tác đầu tiên", id: "che-tac-dau-tien-2" },
    ]);
    expect(html).toContain('<h2 id="che-tac-dau-tien">');
  });

  it.each([
    ["raw HTML", "<script>alert(1)</script><img src=x onerror=alert(1)>", /<script|<img/],
    ["a javascript: link", "[click](javascript:alert(1))", /href="javascript/],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD4=)", /href="data/],
    ["a protocol-relative link", "[x](//evil.example/a)", /href="\/\/evil/],
    ["an image", "![x](https://tracker.example/pixel.png)", /<img/],
  ])("neutralises %s", (_case, source, forbidden) => {
    expect(renderMarkdown(source).html).not.toMatch(forbidden);
  });

  it("opens outside links in a new tab without giving them the opener", () => {
    expect(renderMarkdown("[wiki](https://wiki.example/a)").html).toContain('rel="noopener noreferrer nofollow" target="_blank"');
  });

  it("slugifies Vietnamese headings", () => {
    expect(slugify("Đường Đến Cấp 25!")).toBe("duong-den-cap-25");
  });
});
