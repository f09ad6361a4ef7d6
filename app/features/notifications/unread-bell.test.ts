// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import commonVi from "../../../locales/vi/common.json" with { type: "json" };
import { translatorFor } from "../../shared/i18n/page-translator.ts";
import type { RootData } from "../../shared/root-data.ts";
import { bellLabel, UNREAD_BADGE_ATTRIBUTE } from "./bell-text.ts";
import { setUnreadCount } from "./unread-count.ts";
import { startUnreadBell } from "./unread-bell.ts";

const i18n = { language: "vi" as const, resources: { common: commonVi } };
const root = { viewer: { uid: "u1" }, bell: null, i18n } as unknown as RootData;
const t = translatorFor(i18n).bind("common");

/** The bell as the server renders it with `count` (null before it is known): its label, its badge. */
function serverBell(count: number | null = null): HTMLElement {
  const element = document.createElement("div");
  const label = bellLabel(t, count);
  const badge = count ? `<span ${UNREAD_BADGE_ATTRIBUTE}>${count}</span>` : `<span ${UNREAD_BADGE_ATTRIBUTE} hidden></span>`;
  element.innerHTML = `<a href="/notification" aria-label="${label}" title="${label}">${badge}</a>`;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the plain bell", () => {
  it("leaves the server's bell untouched as the page starts, and writes the count once it is known", async () => {
    // Following the count (the socket) waits for an idle moment that this test does not give it.
    vi.stubGlobal("requestIdleCallback", () => 0);
    const element = serverBell();
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(element, { subtree: true, attributes: true, childList: true, characterData: true });
    startUnreadBell(element, {}, root);
    await Promise.resolve();
    expect(observer.takeRecords().concat(changes)).toEqual([]);

    setUnreadCount(3);
    const link = element.querySelector("a")!;
    const badge = element.querySelector<HTMLElement>(`[${UNREAD_BADGE_ATTRIBUTE}]`)!;
    expect(badge.textContent).toBe("3");
    expect(badge.hidden).toBe(false);
    expect(link.getAttribute("aria-label")).toBe(bellLabel(t, 3));
    expect(link.title).toBe(bellLabel(t, 3));
    observer.disconnect();
  });

  it("starts from the count the page was rendered with, untouched, until the live count differs", async () => {
    vi.resetModules();
    const fresh = await import("./unread-bell.ts");
    const count = await import("./unread-count.ts");
    const element = serverBell(2);
    const observer = new MutationObserver(() => {});
    observer.observe(element, { subtree: true, attributes: true, childList: true, characterData: true });
    fresh.startUnreadBell(element, {}, { ...root, bell: { unread: 2, lastId: 7 } });
    expect(count.unreadCount()).toBe(2);
    expect(observer.takeRecords()).toEqual([]);

    count.setUnreadCount(0);
    const badge = element.querySelector<HTMLElement>(`[${UNREAD_BADGE_ATTRIBUTE}]`)!;
    expect(badge.hidden).toBe(true);
    expect(element.querySelector("a")!.getAttribute("aria-label")).toBe(bellLabel(t, 0));
    observer.disconnect();
  });
});
