import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureChromium } from "./ensure-chromium.ts";

/**
 * `npm test`: every Vitest test (unit + integration on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set), then every Playwright journey against the production build, then the
 * cluster tests when TEST_DATABASE_URL and REDIS_URL are set (`npm run test:cluster`).
 * Ends with one line `N passed, N failed` summing both runners. First it makes sure Chromium is there
 * (installing Debian's package when it may), or stops at once naming the command that installs it.
 */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const chromiumMissing = ensureChromium();
if (chromiumMissing) {
  console.error(chromiumMissing);
  process.exit(1);
}

const reports = mkdtempSync(join(tmpdir(), "minithings-test-"));
const bin = (name: string) => resolve("node_modules/.bin", name);

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function vitest(config: string[] = [], reportFile = "vitest.json"): Counts {
  const output = join(reports, reportFile);
  run(bin("vitest"), ["run", ...config, "--reporter=default", "--reporter=json", `--outputFile.json=${output}`]);
  if (!existsSync(output)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(output, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  // A file that fails to load counts as a failure even though none of its tests ran.
  const brokenFiles = report.numFailedTests === 0 ? report.numFailedTestSuites : 0;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwright(): Counts {
  const output = join(reports, "playwright.json");
  run(bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  if (!existsSync(output)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats, errors } = JSON.parse(readFileSync(output, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    errors: unknown[];
  };
  return {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky + (errors.length > 0 && stats.unexpected === 0 ? 1 : 0),
    skipped: stats.skipped,
  };
}

// The cluster tests (two processes behind nginx, Redis stopped, a process killed: tests/cluster/) run
// with PostgreSQL and Redis, as CI has them; without nginx or redis-server they are skipped.
const cluster = () =>
  process.env.TEST_DATABASE_URL && process.env.REDIS_URL
    ? vitest(["--config", "vitest.cluster.config.ts"], "cluster.json")
    : { passed: 0, failed: 0, skipped: 0 };
const results = [vitest(), playwright(), cluster()];
const total = results.reduce((sum, counts) => ({
  passed: sum.passed + counts.passed,
  failed: sum.failed + counts.failed,
  skipped: sum.skipped + counts.skipped,
}));
if (total.skipped > 0) {
  // Tests for one database engine are skipped on the other; without TEST_DATABASE_URL, every PostgreSQL one is.
  const why = process.env.TEST_DATABASE_URL
    ? "tests written for one database engine, skipped on the other"
    : "PostgreSQL-only tests run when TEST_DATABASE_URL is set";
  console.log(`(${total.skipped} skipped: ${why})`);
}
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
