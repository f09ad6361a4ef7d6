import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "universal/**/*.test.ts",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/unit/**/*.test.{ts,tsx}",
    ],
    environment: "node",
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. Most of a test's
    // time is a PGlite database (WebAssembly) or a wait on PostgreSQL, so two workers on two cores
    // finish the suite in about two thirds of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each worker keeps its modules from one file to the next instead of loading the server again
    // for every file: the suite took 1,006 s isolated and 517–530 s not (twice), on the 2-core
    // machine. Each server test makes its own app and database; the two files that mock a module
    // (app/) pass either way. A test that fails only after another file ran: look here first.
    isolate: false,
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 60_000,
    // A PGlite database with the demo pack takes seconds to set up on a quiet machine, a minute on a busy one.
    hookTimeout: 180_000,
  },
});
