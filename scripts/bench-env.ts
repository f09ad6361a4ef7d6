/** The benches' settings from the environment: a bad value stops the bench before it measures anything. */

/** `name` as a positive integer, or `fallback` when it is unset or empty. */
export function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

/** `name` as `0` or `1`, or `fallback` when it is unset or empty. */
export function flagFromEnv(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (raw !== "0" && raw !== "1") throw new Error(`${name} must be 0 or 1, got ${JSON.stringify(raw)}`);
  return raw === "1";
}
