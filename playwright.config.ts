import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.ts";
import { oidcClient, sinkPorts, sinkUrls } from "./tests/support/sinks-config.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
// Playwright runs the commands through a shell whose `node` may be older than the Node 24 the
// project runs on (it strips the types of the .ts scripts): use the project's own.
const node = "./node_modules/.bin/node";
// Reused by the Playwright workers (they re-evaluate this file): one server, one data folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "minithings-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on CI's two. A journey mostly waits for the
  // server and the browser to answer, so two workers share two cores well.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  // Generous waits: CI runs on a shared 2-core machine beside other services, where a sign-up's
  // password hash or an axe pass can take several seconds. A wait only costs time when it fails.
  // A whole journey's budget, not a wait: the longest (two members trading, axe at two widths at the
  // end) ran past 90 s with two workers on a host at a load average of 20.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      // The SMTP sink and the OpenID Connect issuer the app is pointed at (tests/support/sinks.ts).
      name: "sinks",
      command: `${node} tests/support/sinks.ts`,
      url: `${sinkUrls.control}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        E2E_PORT: String(port),
        E2E_SMTP_PORT: String(sinkPorts.smtp),
        E2E_OIDC_PORT: String(sinkPorts.oidc),
        E2E_SINKS_PORT: String(sinkPorts.control),
      },
    },
    {
      // The production build, as `npm start` serves it (it builds first when the build is stale).
      name: "app",
      command: `${node} scripts/start.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        FAULT_ROUTES: "1",
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        // Mails and provider callbacks name the address the browser uses.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: sinkUrls.smtp,
        OIDC_ISSUER: sinkUrls.issuer,
        OIDC_CLIENT_ID: oidcClient.clientId,
        OIDC_CLIENT_SECRET: oidcClient.clientSecret,
        OIDC_NAME: oidcClient.name,
        // The first admin of the role journeys comes from the one-time setup link.
        SETUP_LINK_FILE: join(process.env.E2E_DATA_DIR ?? "", "setup-link.txt"),
        // Every journey signs up from 127.0.0.1: one address, many people.
        SIGN_UP_LIMIT_PER_HOUR: "500",
        // Hundreds of sign-ups and sign-ins: passwords hashed at the lowest cost the settings allow
        // (the default's scrypt takes most of a second of CPU each; its cost is tested in Vitest).
        PASSWORD_HASH_COST: "14",
        // Chat journeys send a few messages a second; the rate-limit journey needs a window no slow machine outlasts.
        CHAT_RATE_WINDOW_SECONDS: "60",
      },
    },
  ],
});
