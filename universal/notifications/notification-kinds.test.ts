import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "../i18n/languages.ts";
import { activeNotificationKinds, browserNotificationKinds, notificationKinds } from "./notification-kinds.ts";
import { preferencesBody } from "./notification-schemas.ts";

type Tree = { [key: string]: string | Tree };
const messages = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../../locales", language, "notifications.json"), "utf8")) as Tree;
const text = (tree: Tree, path: string): unknown => path.split(".").reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

describe("notification kinds", () => {
  it("are kinds of the list, each active kind once", () => {
    expect(new Set(activeNotificationKinds).size).toBe(activeNotificationKinds.length);
    for (const kind of activeNotificationKinds) expect(notificationKinds).toContain(kind);
  });

  it.each(languages)("have their labels in %s: a text for the list, a label and hint in /me, a browser title", (language) => {
    const tree = messages(language);
    for (const kind of notificationKinds) expect(typeof text(tree, `kinds.${kind}`), kind).toBe("string");
    for (const kind of activeNotificationKinds) {
      expect(typeof text(tree, `preferences.kinds.${kind}.label`), kind).toBe("string");
      expect(typeof text(tree, `preferences.kinds.${kind}.hint`), kind).toBe("string");
    }
    for (const kind of browserNotificationKinds) expect(typeof text(tree, `browser.${kind}`), kind).toBe("string");
  });
});

describe("preferencesBody", () => {
  it("takes one kind or a list, as a list", () => {
    expect(preferencesBody.parse({ kind: "mention", inApp: false, browser: false })).toEqual([
      { kind: "mention", inApp: false, browser: false },
    ]);
    expect(preferencesBody.parse([{ kind: "direct-message", inApp: true, browser: false }])).toHaveLength(1);
  });

  it("refuses kinds no feature sends, unknown fields, and a kind named twice", () => {
    expect(preferencesBody.safeParse({ kind: "like", inApp: true, browser: true }).success).toBe(false);
    expect(preferencesBody.safeParse({ kind: "mention", inApp: true, browser: true, uid: "someone" }).success).toBe(false);
    const twice = { kind: "mention", inApp: true, browser: true };
    expect(preferencesBody.safeParse([twice, twice]).success).toBe(false);
  });
});
