/**
 * A cluster on this machine, as `deploy/` runs one: app processes (the production build, as
 * `npm start` runs it) on one new PostgreSQL database, a Redis of their own, and nginx in front with
 * the shipped proxy settings (`deploy/nginx/minithings-proxy.conf`). Loopback only. The tests stop
 * and start its parts: kill -9 a process, stop Redis, cut the database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { freePort, HOST, stop, waitUntilAnswering } from "../../scripts/bench-servers.ts";

export const METRICS_TOKEN = "cluster-metrics-token-0123456789";

export interface AppProcess {
  port: number;
  origin: string;
  child: ChildProcess;
  output: () => string;
}

export interface Cluster {
  /** nginx's address: what players use. */
  origin: string;
  /** A second nginx in front of process 0 alone: the same site served by one process, to compare. */
  soloOrigin: string;
  apps: AppProcess[];
  databaseUrl: string;
  /** Stops process `index` with `signal` (SIGKILL: as a crash) and waits for it to exit. */
  stopApp(index: number, signal?: NodeJS.Signals): Promise<void>;
  startApp(index: number): Promise<void>;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  /**
   * The database goes away: the processes reach it through a relay, which this closes (every
   * connection ends, new ones are refused) until `restoreDatabase`.
   */
  cutDatabase(): Promise<void>;
  restoreDatabase(): Promise<void>;
  close(): Promise<void>;
}

function keepOutput(child: ChildProcess): () => string {
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => output;
}

/** The relay between the processes and their database (db-relay.ts), in a child process. */
async function startRelay(
  target: string,
): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const child = spawn(process.execPath, [resolve("tests/cluster/db-relay.ts"), target], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error("the database relay exited");
    return line.value;
  };
  const url = await next();
  const tell = async (command: string) => {
    child.stdin?.write(`${command}\n`);
    if ((await next()) !== "ok") throw new Error(`the database relay did not ${command}`);
  };
  return {
    url,
    cut: () => tell("cut"),
    restore: () => tell("restore"),
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill();
      await exited;
    },
  };
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function nginxConfig(folder: string, port: number, upstreams: number[]): string {
  const proxy = resolve("deploy/nginx/minithings-proxy.conf");
  return `worker_processes 1;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  map $http_upgrade $minithings_connection {
    default upgrade;
    "" "";
  }
  upstream minithings {
    least_conn;
${upstreams.map((upstream) => `    server ${HOST}:${upstream} max_fails=2 fail_timeout=5s;`).join("\n")}
    keepalive 64;
  }
  server {
    listen ${HOST}:${port};
    include ${proxy};
  }
}
`;
}

/**
 * Starts `processes` app processes behind nginx. `adminUrl` names a PostgreSQL server whose user
 * may create databases (TEST_DATABASE_URL).
 */
export async function startCluster({ adminUrl, processes = 2 }: { adminUrl: string; processes?: number }): Promise<Cluster> {
  const folder = mkdtempSync(join(tmpdir(), "minithings-cluster-"));
  const name = `mt_cluster_${randomBytes(6).toString("hex")}`;
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.href;

  // What has started is stopped again, last first: by `close`, or at once if the rest does not start.
  const started: (() => Promise<unknown>)[] = [
    async () => rmSync(folder, { recursive: true, force: true }),
    () => admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  ];
  const undo = async () => {
    for (const step of started.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const relay = await startRelay(databaseUrl);
    started.push(() => relay.close());
    const redisPort = await freePort();
    let redis: ChildProcess | undefined;
    const startRedis = async () => {
      const child = spawn("redis-server", ["--port", String(redisPort), "--bind", HOST, "--save", "", "--appendonly", "no"], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output = keepOutput(child);
      await new Promise<void>((ready, fail) => {
        child.stdout?.on("data", () => {
          if (output().includes("Ready to accept connections")) ready();
        });
        child.once("exit", (code) => fail(new Error(`redis-server exited (${code}): ${output()}`)));
      });
      redis = child;
    };
    const stopRedis = async () => {
      const child = redis;
      redis = undefined;
      if (!child || child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    };
    await startRedis();
    started.push(stopRedis);

    const nginxPort = await freePort();
    const origin = `http://${HOST}:${nginxPort}`;
    const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
    const env = {
      DATABASE_URL: relay.url,
      REDIS_URL: `redis://${HOST}:${redisPort}`,
      AUTH_SECRET: randomBytes(36).toString("base64"),
      PUBLIC_URL: origin,
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      METRICS_TOKEN,
      NODE_ENV: "production",
      // Many members sign up from one address here; passwords hashed at the lowest cost the settings allow.
      SIGN_UP_LIMIT_PER_HOUR: "10000",
      PASSWORD_HASH_COST: "14",
      CHAT_RATE_MAX: "100",
    };
    const apps: AppProcess[] = [];
    const launch = async (index: number) => {
      const port = ports[index] ?? 0;
      const child = spawn(process.execPath, ["scripts/start.ts"], {
        env: { ...process.env, ...env, PORT: String(port), HOST },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const app = { port, origin: `http://${HOST}:${port}`, child, output: keepOutput(child) };
      apps[index] = app;
      started.push(() => stop(app));
      await waitUntilAnswering(`${app.origin}/api/ready`, app);
    };
    // One after the other on a new database: the first migrates and loads the pack.
    for (let index = 0; index < processes; index += 1) await launch(index);

    const startNginx = async (name: string, port: number, upstreams: number[]) => {
      const prefix = join(folder, name);
      mkdirSync(prefix, { recursive: true });
      const conf = join(prefix, "nginx.conf");
      writeFileSync(conf, nginxConfig(prefix, port, upstreams));
      const child = spawn("nginx", ["-p", prefix, "-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
      const output = keepOutput(child);
      started.push(() => stop({ child }));
      await waitUntilAnswering(`http://${HOST}:${port}/api/ready`, { child, output });
    };
    await startNginx("nginx", nginxPort, ports);
    const soloPort = await freePort();
    await startNginx("nginx-solo", soloPort, ports.slice(0, 1));
    return {
      origin,
      soloOrigin: `http://${HOST}:${soloPort}`,
      apps,
      databaseUrl,
      async stopApp(index, signal = "SIGTERM") {
        const app = apps[index];
        if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
        if (signal === "SIGTERM") return stop(app);
        const exited = once(app.child, "exit");
        app.child.kill(signal);
        await exited;
      },
      startApp: launch,
      stopRedis,
      startRedis,
      cutDatabase: () => relay.cut(),
      restoreDatabase: () => relay.restore(),
      close: undo,
    };
  } catch (error) {
    await undo();
    throw error;
  }
}
