import { describe, expect, it } from "vitest";
import { sessionTokenFromCookie } from "./devices.ts";

describe("sessionTokenFromCookie", () => {
  it("reads the token of the signed session cookie, secure or not, encoded or not", () => {
    expect(sessionTokenFromCookie("a=1; better-auth.session_token=abc123.c2lnbmF0dXJl; b=2")).toBe("abc123");
    expect(sessionTokenFromCookie("__Secure-better-auth.session_token=abc123.sig%3D")).toBe("abc123");
    expect(sessionTokenFromCookie("better-auth.session_token=tok%2Ewith.sig")).toBe("tok.with");
  });

  it("answers null without a session cookie or a signature", () => {
    expect(sessionTokenFromCookie(null)).toBeNull();
    expect(sessionTokenFromCookie("theme=dark")).toBeNull();
    expect(sessionTokenFromCookie("better-auth.session_token=unsigned")).toBeNull();
  });
});
