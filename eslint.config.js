import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always"],
    },
  },
  {
    // universal/ holds what the browser and the server both run (languages, the permission table,
    // route rules, the content pack's schema…): it imports neither side, nor React.
    files: ["universal/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/app/**", "~/**", "**/server/**", "**/db/**"], message: "universal/ imports neither app/ nor server/ nor db/." },
            {
              group: ["react", "react-dom", "react-dom/*", "react-router", "hono", "hono/*"],
              message: "universal/ is environment-neutral.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server never depends on the UI tree; what both need lives in universal/. The one exception
    // is the SSR glue: create-app.ts hands React Router the request context the pages read.
    files: ["server/**", "db/**"],
    ignores: ["server/create-app.ts", "server/create-app.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/app/**", "~/**"], message: "server/ must not import app/: move what both need to universal/." }] },
      ],
    },
  },
  {
    // Imports flow one way: shared -> features -> routes/layouts. Components never import server
    // code (types aside); route modules may, in loaders and actions, which the browser build drops.
    files: ["app/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/features/**", "~/features/**"], message: "app/shared must not import features." },
            { group: ["**/server/**"], allowTypeImports: true, message: "Components reach the server through loaders and router context." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/features/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], allowTypeImports: true, message: "Components reach the server through loaders and router context." },
            // A feature imports its own files (./) and shared code (../../shared/), never another feature.
            {
              group: ["../*", "!../../", "~/features/**"],
              message: "A feature must not import another feature: move what both need to app/shared.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/layouts/**", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], allowTypeImports: true, message: "Components reach the server through loaders and router context." },
          ],
        },
      ],
    },
  },
);
