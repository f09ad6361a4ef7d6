/** The opener guard (decision 051): a page opened by another site loads itself again once, with the cookie that asks for the header. */
import { describe, expect, it } from "vitest";
import {
  OPENER_GUARD_COOKIE,
  OPENER_GUARD_SECONDS,
  openerGuarded,
  openerGuardScript,
  severForeignOpener,
  type GuardWindow,
} from "./opener-guard.ts";

/** A window whose cookie jar keeps what is set (unless cookies are off), and counts reloads. */
function fakeWindow(opener: GuardWindow["opener"], { cookies = true, protocol = "https:", jar = "" } = {}) {
  let stored = jar;
  const win = {
    opener,
    reloads: 0,
    reads: 0,
    navigation: "navigate",
    performance: { getEntriesByType: (type: string) => (type === "navigation" ? [{ type: win.navigation }] : []) },
    location: {
      origin: "https://minithings.example",
      protocol,
      reload() {
        win.reloads++;
      },
    },
    document: {
      get cookie() {
        win.reads++;
        return stored;
      },
      set cookie(text: string) {
        if (!cookies) return;
        const pair = text.split(";")[0] ?? "";
        const name = pair.slice(0, pair.indexOf("="));
        win.written.push(text);
        const others = stored ? stored.split("; ").filter((each) => !each.startsWith(`${name}=`)) : [];
        stored = [...others, ...(text.includes("max-age=0") ? [] : [pair])].join("; ");
      },
    },
    written: [] as string[],
  };
  return win;
}

const foreign = {
  get location(): { origin: string } {
    return {
      get origin(): string {
        throw new DOMException("Blocked a frame with origin from accessing a cross-origin frame.", "SecurityError");
      },
    };
  },
};

const sever = (win: GuardWindow) => severForeignOpener(win, OPENER_GUARD_COOKIE, OPENER_GUARD_SECONDS);

describe("the opener guard", () => {
  it("does nothing for a page without an opener, or opened by the site itself", () => {
    for (const opener of [null, { location: { origin: "https://minithings.example" } }]) {
      const win = fakeWindow(opener);
      expect(sever(win)).toBe(false);
      expect(win.reloads).toBe(0);
      expect(win.reads).toBe(0);
      expect(win.written).toEqual([]);
    }
  });

  it("loads a page another site opened again, once, with a short strict cookie (secure on https)", () => {
    const win = fakeWindow(foreign, { jar: "theme=dark" });
    expect(sever(win)).toBe(true);
    expect(win.reloads).toBe(1);
    expect(win.written).toEqual([`${OPENER_GUARD_COOKIE}=1; max-age=${OPENER_GUARD_SECONDS}; path=/; samesite=strict; secure`]);
    // The reload still has an opener (a browser without the header): no second reload.
    expect(sever(win)).toBe(false);
    expect(win.reloads).toBe(1);
    // The reload severed it: the cookie goes, and the next pages load without the header.
    win.opener = null;
    win.navigation = "reload";
    expect(sever(win)).toBe(false);
    expect(win.document.cookie).toBe("theme=dark");
    expect(win.written.at(-1)).toBe(`${OPENER_GUARD_COOKIE}=; max-age=0; path=/; samesite=strict; secure`);
    const plain = fakeWindow({ location: { origin: "https://elsewhere.example" } }, { protocol: "http:" });
    expect(sever(plain)).toBe(true);
    expect(plain.written[0]).not.toContain("secure");
  });

  it("reads no cookie on a load that is not a reload: only the guard's own reload can have left its mark", () => {
    const win = fakeWindow(null, { jar: `${OPENER_GUARD_COOKIE}=1` });
    expect(sever(win)).toBe(false);
    expect(win.reads).toBe(0);
    win.navigation = "reload";
    expect(sever(win)).toBe(false);
    expect(win.reads).toBe(1);
    expect(win.written.at(-1)).toBe(`${OPENER_GUARD_COOKIE}=; max-age=0; path=/; samesite=strict; secure`);
    // A window without navigation timing (an old browser) reads none either: the mark ends with its 30 s.
    const old = { ...fakeWindow(null, { jar: `${OPENER_GUARD_COOKIE}=1` }), performance: undefined };
    expect(sever(old)).toBe(false);
  });

  it("never reloads when the cookie cannot be kept (cookies off): no loop", () => {
    const win = fakeWindow(foreign, { cookies: false });
    expect(sever(win)).toBe(false);
    expect(win.reloads).toBe(0);
  });

  it("is one self-contained expression for <head>", () => {
    const win = fakeWindow(foreign);
    new Function("window", openerGuardScript)(win);
    expect(win.reloads).toBe(1);
  });

  it("is read by the server from a request's Cookie header, as a whole cookie only", () => {
    expect(openerGuarded(undefined)).toBe(false);
    expect(openerGuarded(`${OPENER_GUARD_COOKIE}=1`)).toBe(true);
    expect(openerGuarded(`theme=dark; ${OPENER_GUARD_COOKIE}=1; lang=vi`)).toBe(true);
    expect(openerGuarded(`${OPENER_GUARD_COOKIE}=10`)).toBe(false);
    expect(openerGuarded(`x${OPENER_GUARD_COOKIE}=1`)).toBe(false);
  });
});
