import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The provider's default minimum (spec §5: 6), a maximum that bounds hashing cost. */
export const PASSWORD_MAX_LENGTH = 128;

let commonPasswords: Set<string> | undefined;

/** The most common passwords, shipped with the project; compared case-insensitively. */
function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(resolve(process.cwd(), "server/auth/common-passwords.txt"), "utf8")
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}
