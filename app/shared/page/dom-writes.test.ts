// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { setDisabled, setHidden, setHtml, setText } from "./dom-writes.ts";

/** The nodes a change under `root` touched, as a MutationObserver reports them. */
async function mutations(root: Node, change: () => void): Promise<number> {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((list) => records.push(...list));
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  change();
  await Promise.resolve();
  records.push(...observer.takeRecords());
  observer.disconnect();
  return records.length;
}

describe("writes that change only what differs", () => {
  it("leaves a text, a flag or an element's content that already says it untouched", async () => {
    document.body.innerHTML = `<p id="text">3 chưa đọc</p><button id="button" disabled hidden>Đọc hết</button><div id="box"></div>`;
    const text = document.getElementById("text")!;
    const button = document.getElementById("button") as HTMLButtonElement;
    const box = document.getElementById("box")!;
    expect(
      await mutations(document.body, () => {
        setText(text, "3 chưa đọc");
        setHidden(button, true);
        setDisabled(button, true);
        setHtml(box, "");
      }),
    ).toBe(0);
  });

  it("writes what differs", async () => {
    document.body.innerHTML = `<p id="text">3 chưa đọc</p><button id="button" disabled hidden>Đọc hết</button><div id="box"></div>`;
    const text = document.getElementById("text")!;
    const button = document.getElementById("button") as HTMLButtonElement;
    const box = document.getElementById("box")!;
    setText(text, "4 chưa đọc");
    setHidden(button, false);
    setDisabled(button, false);
    setHtml(box, "<b>2 người</b>");
    expect(text.textContent).toBe("4 chưa đọc");
    expect(button.hidden).toBe(false);
    expect(button.disabled).toBe(false);
    expect(box.innerHTML).toBe("<b>2 người</b>");
  });

  it("writes an element's content again only when it is not what it last wrote there", async () => {
    document.body.innerHTML = `<div id="box"><p>từ máy chủ</p></div>`;
    const box = document.getElementById("box")!;
    // What the server rendered is not known to have been written: the first write replaces it.
    expect(await mutations(box, () => setHtml(box, "<p>21 người</p>"))).toBeGreaterThan(0);
    expect(await mutations(box, () => setHtml(box, "<p>21 người</p>"))).toBe(0);
    expect(await mutations(box, () => setHtml(box, "<p>22 người</p>"))).toBeGreaterThan(0);
    expect(box.innerHTML).toBe("<p>22 người</p>");
  });
});
