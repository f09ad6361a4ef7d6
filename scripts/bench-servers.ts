import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchedPaths } from "./bench-pages.ts";
import { ensureBuild } from "./ensure-build.ts";

export const HOST = "127.0.0.1";
const STARTUP_TIMEOUT_MS = 120_000;
const FLOOR_DIR = "bench/floor";

export interface Served {
  child: ChildProcess;
  /** The process's last output, kept (not shown) so it does not garble the report unless startup fails. */
  output: () => string;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, HOST);
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === "string") throw new Error("could not get a free port from the OS");
  return address.port;
}

function serve(args: string[], env: NodeJS.ProcessEnv): Served {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

/** Our production server with a fresh embedded database in `dataDir`. */
export function startApp(port: number, dataDir: string): Served {
  return serve(["scripts/start.ts"], { PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" });
}

/**
 * Builds the floor app (`bench/floor/`) into `buildDir` with the repository's own React Router, React
 * and Vite; a `node_modules` link beside the build lets its server bundle import them from there.
 */
export function buildFloor(buildDir: string): void {
  try {
    execFileSync(process.execPath, [resolve("node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: FLOOR_DIR,
      env: { ...process.env, FLOOR_BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: "pipe",
    });
  } catch (error) {
    const output = error instanceof Error && "stderr" in error ? String(error.stderr) : "";
    throw new Error(`the floor app did not build:\n${output}`, { cause: error });
  }
  symlinkSync(resolve("node_modules"), join(buildDir, "node_modules"), "dir");
}

export function startFloor(buildDir: string, port: number): Served {
  return serve([join(FLOOR_DIR, "server.ts"), buildDir, String(port)], {});
}

export async function waitUntilAnswering(url: string, served: Served): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { child } = served;
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: the server exited during startup (${child.exitCode ?? child.signalCode}):\n${served.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s:\n${served.output()}`);
}

/** Stops a server process: SIGTERM (it shuts down gracefully), SIGKILL if it has not exited within 5 s. */
export async function stop({ child }: { child: ChildProcess }): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const forced = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(forced);
}

/**
 * Our server on `dataDir` and the floor built in `floorBuild`, each on a free port, once both answer.
 * Each is added to `servers` as it starts, so the caller stops them even when the other fails.
 */
export async function startBenchServers(
  floorBuild: string,
  dataDir: string,
  servers: Served[],
): Promise<{ appUrl: string; floorUrl: string }> {
  const appPort = await freePort();
  let floorPort = await freePort();
  while (floorPort === appPort) floorPort = await freePort();
  const appUrl = `http://${HOST}:${appPort}`;
  const floorUrl = `http://${HOST}:${floorPort}`;
  const app = startApp(appPort, dataDir);
  servers.push(app);
  const floor = startFloor(floorBuild, floorPort);
  servers.push(floor);
  await waitUntilAnswering(`${appUrl}/api/health`, app);
  await waitUntilAnswering(`${floorUrl}/`, floor);
  return { appUrl, floorUrl };
}

/**
 * The pages a working bench (`bench:phone`, `bench:cpu`) compares: the floor, then the given paths of
 * our app (the pages when none are given), each served fresh from `scratch` (this build, a
 * new data directory, the floor built there).
 */
export async function floorAndPages(
  scratch: string,
  paths: string[],
  servers: Served[],
  prepareData?: (dataDir: string, paths: string[]) => Promise<string[]>,
): Promise<{ label: string; url: string }[]> {
  ensureBuild();
  buildFloor(join(scratch, "floor"));
  const dataDir = join(scratch, "data");
  mkdirSync(dataDir);
  const requested = paths.length > 0 ? paths : benchedPaths();
  // Seeded before the server opens the embedded database (it serves one process).
  const benched = prepareData ? await prepareData(dataDir, requested) : requested;
  const { appUrl, floorUrl } = await startBenchServers(join(scratch, "floor"), dataDir, servers);
  return [{ label: "floor", url: `${floorUrl}/` }, ...benched.map((path) => ({ label: path, url: appUrl + path }))];
}

/**
 * Serves the built app from a data directory that `seed` fills, in a scratch directory (named after
 * `name`) that goes away afterwards, on Ctrl-C too, and answers what `measure` makes of it. When
 * something fails, the app's last output is printed before the error goes on.
 */
export async function measureSeededApp<Seeded, Result>(
  name: string,
  seed: (dataDir: string) => Promise<Seeded>,
  measure: (baseUrl: string, seeded: Seeded) => Promise<Result>,
): Promise<Result> {
  const scratch = scratchLifetime(name);
  try {
    ensureBuild();
    const dataDir = join(scratch.dir, "data");
    mkdirSync(dataDir);
    const seeded = await seed(dataDir);
    const port = await freePort();
    const baseUrl = `http://${HOST}:${port}`;
    const app = startApp(port, dataDir);
    scratch.servers.push(app);
    await waitUntilAnswering(`${baseUrl}/api/health`, app);
    return await measure(baseUrl, seeded);
  } catch (error) {
    for (const app of scratch.servers) console.error(app.output());
    throw error;
  } finally {
    await scratch.end();
  }
}

/**
 * A scratch directory (named after `name`) and what a bench starts in it: `end` runs the closers (last
 * first), stops the servers and removes the directory; so does Ctrl-C, which skips `finally`.
 */
function scratchLifetime(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const servers: Served[] = [];
  const closers: (() => unknown)[] = [];
  const cleanUp = async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await Promise.all(servers.splice(0).map(stop));
    rmSync(dir, { recursive: true, force: true });
  };
  const onInterrupt = () => void cleanUp().finally(() => process.exit(130));
  process.once("SIGINT", onInterrupt);
  process.once("SIGTERM", onInterrupt);
  return {
    dir,
    servers,
    closers,
    async end() {
      process.off("SIGINT", onInterrupt);
      process.off("SIGTERM", onInterrupt);
      await cleanUp();
    },
  };
}

/** What a bench that measures our app beside the floor works in (`benchInScratch`). */
export interface BenchScratch {
  /** The floor app, built. */
  floorBuild: string;
  /** An empty data directory for our app, to seed. */
  dataDir: string;
  /** The servers started: each is stopped when the bench ends. */
  servers: Served[];
  /** Runs `close` when the bench ends, before its servers stop (a browser, sockets held open). */
  onEnd(close: () => unknown): void;
}

/**
 * A bench's setup and teardown, as `npm run bench` and `npm run bench:member` share them: the build
 * checked, the floor built in a scratch directory beside an empty data directory; what the bench starts
 * is stopped and the directory removed when it ends, on Ctrl-C too (which skips `finally`). When `run`
 * throws, the bench says why, prints the output of a server that had exited, and answers `failureCode`.
 */
export async function benchInScratch(name: string, failureCode: number, run: (scratch: BenchScratch) => Promise<number>): Promise<number> {
  const scratch = scratchLifetime(name);
  const { servers } = scratch;
  try {
    ensureBuild();
    console.log("bench: building the floor app (bench/floor) …");
    const floorBuild = join(scratch.dir, "floor");
    buildFloor(floorBuild);
    const dataDir = join(scratch.dir, "data");
    mkdirSync(dataDir);
    return await run({ floorBuild, dataDir, servers, onEnd: (close) => scratch.closers.push(close) });
  } catch (error) {
    console.error(`bench: could not measure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    for (const served of servers) {
      const { child } = served;
      if (child.exitCode !== null || child.signalCode !== null)
        console.error(
          `bench: ${child.spawnargs.slice(1).join(" ")} had exited (${child.exitCode ?? child.signalCode}):\n${served.output()}`,
        );
    }
    return failureCode;
  } finally {
    await scratch.end();
  }
}
