import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";

/**
 * Password guessing against one account, from however many addresses, is slowed down rather than
 * locked out: the first `freeFailures` wrong passwords cost nothing; after the n-th wrong password
 * beyond them, the account's next password check waits min(2^n s, `maxDelaySeconds`). An attempt
 * inside the wait is refused without being checked or counted, so the owner's right password
 * works as soon as the wait is over, and a right password clears the count. Failures are forgotten
 * after `forgetAfterSeconds` without attempts.
 *
 * With these numbers a guesser gets 5 free tries, reaches the 15-minute wait after about 17
 * minutes, then at most 96 tries a day; the owner who mistypes six times waits 2 s.
 */
export const PASSWORD_ATTEMPTS = { freeFailures: 5, maxDelaySeconds: 900, forgetAfterSeconds: 86_400 } as const;

/** 2^10 s is past the cap: a larger exponent would only overflow. */
const MAX_EXPONENT = Math.ceil(Math.log2(PASSWORD_ATTEMPTS.maxDelaySeconds));

export type PasswordAttempt = { allowed: true } | { allowed: false; retryAfter: number };

/** What became of a password check that was let through. */
export type PasswordOutcome = "right" | "wrong" | "unchecked";

const keyOf = (account: string) => `password:${account.trim().toLowerCase()}`;

/** The wait, in ms, that `failures` failures impose before the next check. */
function delayAfter(failures: number): number {
  if (failures <= PASSWORD_ATTEMPTS.freeFailures) return 0;
  const exponent = Math.min(failures - PASSWORD_ATTEMPTS.freeFailures, MAX_EXPONENT);
  return Math.min(2 ** exponent, PASSWORD_ATTEMPTS.maxDelaySeconds) * 1000;
}

/**
 * Asks to check a password for `account` (an email). A granted attempt is counted as a failure
 * at once, in the same statement that decides, so concurrent guesses cannot all slip into one free
 * slot; `endPasswordAttempt` then clears the count on success or takes back an attempt whose
 * password was never checked. The row is `rate_limits` (key `password:<email>`): `count` is the
 * failures, `window_start` the time of the last counted attempt.
 */
export async function beginPasswordAttempt(db: Database, account: string, now = Date.now()): Promise<PasswordAttempt> {
  const { freeFailures, maxDelaySeconds, forgetAfterSeconds } = PASSWORD_ATTEMPTS;
  const forgotten = now - forgetAfterSeconds * 1000;
  const granted = await queryRows<{ count: number | string }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${keyOf(account)}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${forgotten} then 1 else rate_limits.count + 1 end,
          window_start = ${now}
        where rate_limits.window_start <= ${forgotten}
          or rate_limits.count <= ${freeFailures}::integer
          or rate_limits.window_start
             + least(power(2, least(rate_limits.count - ${freeFailures}::integer, ${MAX_EXPONENT}::integer)), ${maxDelaySeconds}::integer) * 1000
             <= ${now}
        returning count`,
  );
  if (granted.length > 0) return { allowed: true };
  const [row] = await queryRows<{ count: number | string; window_start: number | string }>(
    db,
    sql`select count, window_start from rate_limits where key = ${keyOf(account)}`,
  );
  const waitUntil = Number(row?.window_start ?? now) + delayAfter(Number(row?.count ?? 0));
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((waitUntil - now) / 1000)) };
}

export async function endPasswordAttempt(db: Database, account: string, outcome: PasswordOutcome): Promise<void> {
  if (outcome === "right") await queryRows(db, sql`delete from rate_limits where key = ${keyOf(account)}`);
  else if (outcome === "unchecked") {
    await queryRows(db, sql`update rate_limits set count = greatest(count - 1, 0) where key = ${keyOf(account)}`);
  }
}
