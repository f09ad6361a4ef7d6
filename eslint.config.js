import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** What universal/ may not import: either side of the app, or anything tied to one environment. */
const universalNeutral = [
  { group: ["**/app/**", "~/**", "**/server/**", "**/db/**"], message: "universal/ imports neither app/ nor server/ nor db/." },
  {
    group: ["react", "react-dom", "react-dom/*", "react-router", "hono", "hono/*"],
    message: "universal/ is environment-neutral.",
  },
];

/** The folders of universal/ every feature may import (the rule below says why each is shared). */
const universalKernels = ["i18n", "auth", "routing", "content", "page", "navigation"];

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
    rules: { "no-restricted-imports": ["error", { patterns: universalNeutral }] },
  },
  {
    // Inside universal/, a folder is a feature (offers, chat, notes…) unless it is a shared kernel
    // that every feature may build on: languages (i18n), the permission table (auth), the route
    // table (routing), the content pack's format (content), canonical URLs (page), safe navigation,
    // and the shared files at universal/'s top: the request pieces (schemas.ts), CSV (csv.ts) and
    // game time (game-time.ts). A feature imports its own files, the kernels and those files, never
    // another feature: what two features need moves to a kernel or a shared file.
    // A kernel imports only kernels. Two folders compose the features and may import them: the
    // socket protocol (realtime: every feature's frames) and the delivery rules (every page's query).
    // A new folder is a feature until it is named here.
    files: ["universal/*/**"],
    ignores: ["universal/realtime/**", "universal/delivery/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...universalNeutral,
            {
              regex: `^\\.\\./(?!(?:${universalKernels.join("|")})/|(?:schemas|csv|game-time)\\.ts$)`,
              message:
                "A universal/ feature imports its own files, the shared kernels and ../schemas.ts, ../csv.ts, ../game-time.ts, never another feature.",
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
