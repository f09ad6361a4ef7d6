import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    // The Hono server is the SSR entry: it imports the React Router build as a virtual module,
    // so server code and route modules share one module graph (one copy of every context key).
    ssr: { build: { rolldownOptions: { input: "./server/entry.ts" } } },
  },
});
