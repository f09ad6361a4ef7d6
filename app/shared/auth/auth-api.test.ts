import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "../../../universal/i18n/languages.ts";
import { AuthApiError, authErrorKey } from "./auth-api.ts";

const authMessages = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../../../locales", language, "auth.json"), "utf8")) as {
    errors: Record<string, string>;
  };

describe("authErrorKey", () => {
  it("tells a busy server (our API's 503 unavailable) from an unknown failure, in every language", () => {
    const key = authErrorKey(new AuthApiError("unavailable", 503));
    expect(key).toBe("errors.busy");
    for (const language of languages) expect(authMessages(language).errors.busy).toMatch(/\S/);
  });

  it("says why a display name was refused (invisible characters, a moderator's or admin's name), in every language", () => {
    const cases = [
      [new AuthApiError("NAME_CHARACTERS", 400), "nameCharacters"],
      [new AuthApiError("NAME_RESERVED", 409), "nameReserved"],
      [new AuthApiError("name-reserved", 409), "nameReserved"],
    ] as const;
    for (const [error, key] of cases) {
      expect(authErrorKey(error)).toBe(`errors.${key}`);
      for (const language of languages) expect(authMessages(language).errors[key]).toMatch(/\S/);
    }
  });
});
