/**
 * How passwords are stored (ASVS 2.4.3 / OWASP Password Storage): scrypt with N = 2^cost, r = 8,
 * p = 1, a 16-byte random salt and a 64-byte key, the parameters written in the hash itself
 * (`$scrypt$ln=17,r=8,p=1$<salt>$<key>`, base64url) so a later cost still verifies what an earlier
 * one stored. Hashes in better-auth's own format (`<salt hex>:<key hex>`, N = 2^14, r = 16, p = 1,
 * the salt's hex text as the salt) still verify, and `needsRehash` tells the sign-in to store the
 * password again at the current cost (create-auth.ts).
 *
 * At the default cost one hash takes ~128 MiB and ~0.6 s of a core: at most two run at once in the
 * process, the rest wait their turn (libuv would otherwise run four, 512 MiB at once).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ConcurrencyLimit } from "../http/concurrency-limit.ts";

/** OWASP's cost for scrypt: N = 2^17, r = 8, p = 1. */
export const DEFAULT_PASSWORD_HASH_COST = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** better-auth's default (`@better-auth/utils/password`): what accounts made before this module hold. */
const LEGACY = { N: 16_384, r: 16, p: 1, dkLen: 64 } as const;

const PREFIX = "$scrypt$";
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/;

const hashing = new ConcurrencyLimit({
  concurrency: 2,
  queue: Infinity,
  waitMs: 30_000,
  busyMessage: "Too many sign-ins are being checked right now. Try again in a moment.",
});

function derive(password: string, salt: string | Buffer, length: number, options: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt refuses to use more than `maxmem`: 128 · N · r bytes, with room to spare.
  const settings: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 };
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, length, settings, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
  /** Whether a stored hash is weaker than what `hash` writes now (an older format or a lower cost). */
  needsRehash(hash: string): boolean;
}

export function passwordHasher(cost = DEFAULT_PASSWORD_HASH_COST): PasswordHasher {
  const N = 2 ** cost;
  return {
    async hash(password) {
      const salt = randomBytes(SALT_LENGTH);
      const key = await derive(password, salt, KEY_LENGTH, { N, r: BLOCK_SIZE, p: PARALLELISM });
      return `${PREFIX}ln=${cost},r=${BLOCK_SIZE},p=${PARALLELISM}$${salt.toString("base64url")}$${key.toString("base64url")}`;
    },
    async verify({ hash, password }) {
      const parsed = FORMAT.exec(hash);
      if (parsed) {
        const [, ln, r, p, salt = "", key = ""] = parsed;
        const expected = Buffer.from(key, "base64url");
        // A stored hash names its own parameters: bounded, so a tampered row cannot ask for gigabytes.
        if (Number(ln) > 20 || Number(r) > 32 || Number(p) > 4 || expected.length < 16) return false;
        const actual = await derive(password, Buffer.from(salt, "base64url"), expected.length, {
          N: 2 ** Number(ln),
          r: Number(r),
          p: Number(p),
        });
        return timingSafeEqual(actual, expected);
      }
      const [salt, key] = hash.split(":");
      if (!salt || !key || !/^[\da-f]+$/.test(key)) return false;
      const expected = Buffer.from(key, "hex");
      const actual = await derive(password, salt, LEGACY.dkLen, LEGACY);
      return expected.length === actual.length && timingSafeEqual(actual, expected);
    },
    needsRehash(hash) {
      const parsed = FORMAT.exec(hash);
      return !parsed || Number(parsed[1]) < cost || Number(parsed[2]) !== BLOCK_SIZE || Number(parsed[3]) !== PARALLELISM;
    },
  };
}
