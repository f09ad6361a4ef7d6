import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT, isCommonPassword } from "./password-policy.ts";

describe("common passwords", () => {
  it.each(["123456", "password", "qwerty", "iloveyou", "dragon", "sunshine", "trustno1"])("refuses %s", async (password) => {
    expect(await isCommonPassword(password)).toBe(true);
  });

  it("compares without regard to case or surrounding spaces", async () => {
    expect(await isCommonPassword("PassWord")).toBe(true);
    expect(await isCommonPassword("  Dragon ")).toBe(true);
  });

  it("refuses the whole top 10,000 and nothing past it", async () => {
    const { dictionary } = await import("@zxcvbn-ts/language-common");
    const ranked = dictionary["passwords-common"];
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    expect(await isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1] ?? "")).toBe(true);
    const past = ranked.slice(COMMON_PASSWORD_COUNT).find((password) => !ranked.slice(0, COMMON_PASSWORD_COUNT).includes(password));
    expect(await isCommonPassword(past ?? "")).toBe(false);
  });

  it("refuses this site's name and the Vietnamese word for password, with digits or symbols around them", async () => {
    for (const password of ["minithings", "Minithings2024!", "matkhau123", "MatKhau@@"])
      expect(await isCommonPassword(password)).toBe(true);
  });

  it("lets an uncommon password through", async () => {
    expect(await isCommonPassword("mat-khau-that-dai")).toBe(false);
    expect(await isCommonPassword("correct horse battery")).toBe(false);
  });
});
