import { afterEach, vi } from "vitest";

/** An unexpected console.error fails the test; tests that expect one spy on it themselves. */
let unexpected: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  unexpected.push(args);
  original(...args);
};

afterEach(() => {
  const errors = unexpected;
  unexpected = [];
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`);
});
