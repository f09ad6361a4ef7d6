/**
 * A site of its own for a journey that changes what every visitor gets (closing sign-ups, the default
 * language): the production build started again on another port with a fresh database, so the
 * journeys running beside it on the shared server never see the change. Its first admin comes from
 * the one-time setup link, as on a new deployment.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export interface OwnSite {
  baseURL: string;
  /** The one-time link that makes the first member who opens it an admin. */
  setupLink: string;
  stop(): Promise<void>;
}

export async function startOwnSite(port: number): Promise<OwnSite> {
  const dataDir = mkdtempSync(join(tmpdir(), "minithings-own-site-"));
  const linkFile = join(dataDir, "setup-link.txt");
  const baseURL = `http://127.0.0.1:${port}`;
  // The build the shared server runs, started as is: never `scripts/start.ts`, which rebuilds when the sources
  // changed, and would replace the assets the shared server's pages name under the other journeys' feet.
  const start = `process.env.NODE_ENV ??= "production"; const server = await import(${JSON.stringify(
    pathToFileURL(resolve("build/server/index.js")).href,
  )}); await server.start();`;
  const child: ChildProcess = spawn("./node_modules/.bin/node", ["--input-type=module", "-e", start], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
      SETUP_LINK_FILE: linkFile,
      SIGN_UP_LIMIT_PER_HOUR: "500",
      // The dashboard's journey waits for today's figures: counted every 2 seconds here, not every minute.
      DASHBOARD_REFRESH_SECONDS: "2",
    },
    stdio: "ignore",
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  // Wait for what a visitor waits for: the health answer (the first start migrates a database), and
  // the setup link the start writes once it listens.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the own site on ${port} exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy && existsSync(linkFile)) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    baseURL,
    setupLink: readFileSync(linkFile, "utf8").trim(),
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
