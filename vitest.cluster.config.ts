import { defineConfig } from "vitest/config";

/** `npm run test:cluster`: the cluster tests (tests/cluster/), one file at a time; they start their own processes. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
