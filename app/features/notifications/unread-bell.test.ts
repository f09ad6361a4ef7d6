// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import commonVi from "../../../locales/vi/common.json" with { type: "json" };
import { translatorFor } from "../../shared/i18n/page-translator.ts";
import type { RootData } from "../../shared/root-data.ts";
import { bellLabel, UNREAD_BADGE_ATTRIBUTE } from "./bell-text.ts";
import { setUnreadCount } from "./unread-count.ts";
import { startUnreadBell } from "./unread-bell.ts";

const i18n = { language: "vi" as const, resources: { common: commonVi } };
const root = { viewer: { uid: "u1" }, i18n } as unknown as RootData;
const t = translatorFor(i18n).bind("common");

/** The bell as the server renders it before the count is known: its label, an empty hidden badge. */
function serverBell(): HTMLElement {
  const element = document.createElement("div");
  const label = bellLabel(t, null);
  element.innerHTML = `<a href="/notification" aria-label="${label}" title="${label}"><span ${UNREAD_BADGE_ATTRIBUTE} hidden></span></a>`;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
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
});
