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
});
