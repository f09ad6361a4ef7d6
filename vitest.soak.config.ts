import { defineConfig } from "vitest/config";

/** `npm run test:soak`: ten minutes of steady load on the cluster (tests/soak/), kept out of `npm test` for its length. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/soak/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 1_200_000,
    hookTimeout: 300_000,
  },
});
