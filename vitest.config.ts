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
      "tests/unit/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 60_000,
    // A PGlite database with the demo pack takes seconds to set up on a quiet machine, a minute on a busy one.
    hookTimeout: 180_000,
  },
});
