import type { Config } from "@react-router/dev/config";

/** The bench builds the floor into a temporary folder (`FLOOR_BUILD_DIR`), never into the repository. */
export default {
  appDirectory: "app",
  ssr: true,
  buildDirectory: process.env.FLOOR_BUILD_DIR ?? "build",
} satisfies Config;
