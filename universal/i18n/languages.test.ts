import { describe, expect, it } from "vitest";
import { defaultLanguage, fallbackLanguage, isLanguage, languageFromCookieHeader, localeCookie } from "./languages.ts";

describe("languages", () => {
  it("defaults to vi with en-US as the fallback", () => {
    expect(defaultLanguage).toBe("vi");
    expect(fallbackLanguage).toBe("en-US");
  });

  it("writes the locale cookie for 365 days on / with SameSite=Lax", () => {
    expect(localeCookie("en-US", false)).toBe("locale=en-US; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(localeCookie("vi", true)).toMatch(/; Secure$/);
  });

  it("reads the language from the cookie header and ignores unknown values", () => {
    expect(languageFromCookieHeader("a=1; locale=en-US; b=2")).toBe("en-US");
    expect(languageFromCookieHeader("locale=fr")).toBe("vi");
    expect(languageFromCookieHeader(null)).toBe("vi");
    expect(isLanguage("vi")).toBe(true);
    expect(isLanguage("en")).toBe(false);
  });
});
