/** The default minimum of 6 characters is `PASSWORD_MIN_LENGTH`; a maximum bounds hashing cost. */
export const PASSWORD_MAX_LENGTH = 128;

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * Words of this site and of its language that the English-centric list lacks (ASVS 6.2.11): a
 * password made of one of them plus digits or symbols is as easy to guess as the list's own.
 */
const CONTEXT_WORDS = new Set(["minithings", "companion", "matkhau"]);

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The most common passwords, most common first, from zxcvbn-ts's list (drawn from leaked-password
 * corpora, all lower case). Loaded on the first check only: the server starts without it and the
 * browser never gets it.
 */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT)),
  );
  return commonPasswords;
}

/** Compared case-insensitively: `Password` is as guessable as `password`. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const folded = password.trim().toLowerCase();
  if (CONTEXT_WORDS.has(folded.replace(/[^a-z]/g, ""))) return true;
  return (await loadCommonPasswords()).has(folded);
}
