/**
 * Serves a built floor app the way our server serves ours: pages rendered by React Router's request
 * handler and sent gzip-compressed (as `hono/compress` does), assets from `client/` precompressed
 * (brotli, else gzip, as our build ships them) with an immutable cache header.
 *
 * `node bench/floor/server.ts <build dir> <port>`; the bench starts and stops it.
 */
import { readFileSync, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, createGzip, gzipSync } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "react-router";

const HOST = "127.0.0.1";
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".ico": "image/x-icon",
  ".svg": "image/svg+xml",
};

interface Asset {
  type: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const [buildDir, portArgument] = process.argv.slice(2);
if (!buildDir || !portArgument) throw new Error("usage: node bench/floor/server.ts <build dir> <port>");
const clientDir = resolve(buildDir, "client");
const build = (await import(pathToFileURL(resolve(buildDir, "server/index.js")).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");
const assets = new Map<string, Asset>();

function asset(pathname: string): Asset | undefined {
  const cached = assets.get(pathname);
  if (cached) return cached;
  const file = normalize(join(clientDir, decodeURIComponent(pathname)));
  if (!file.startsWith(clientDir + "/") || !existsSync(file) || !statSync(file).isFile()) return undefined;
  const identity = readFileSync(file);
  const found = {
    type: CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  assets.set(pathname, found);
  return found;
}

function sendAsset(found: Asset, request: IncomingMessage, response: ServerResponse): void {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  const body = encoding === "br" ? found.br : encoding === "gzip" ? found.gzip : found.identity;
  response.writeHead(200, {
    "content-type": found.type,
    "content-length": body.length,
    "cache-control": "public, max-age=31536000, immutable",
    vary: "accept-encoding",
    ...(encoding ? { "content-encoding": encoding } : {}),
  });
  response.end(body);
}

async function sendPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", `http://${HOST}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const answer = await handle(new Request(url, { method: request.method, headers }));
  const gzip = /\bgzip\b/.test(headers.get("accept-encoding") ?? "") && answer.body !== null;
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    out[name] = value;
  });
  if (gzip) {
    out["content-encoding"] = "gzip";
    out.vary = "accept-encoding";
    delete out["content-length"];
  }
  response.writeHead(answer.status, out);
  if (!answer.body) {
    response.end();
    return;
  }
  const body = Readable.fromWeb(answer.body as NodeReadableStream);
  // Flush each streamed piece of HTML at once, as a streaming compressor in front of React does.
  (gzip ? body.pipe(createGzip({ flush: constants.Z_SYNC_FLUSH })) : body).pipe(response);
}

const server = createServer((request, response) => {
  const pathname = new URL(request.url ?? "/", `http://${HOST}`).pathname;
  const found = pathname.startsWith("/assets/") ? asset(pathname) : undefined;
  if (found) {
    sendAsset(found, request, response);
    return;
  }
  if (pathname === "/favicon.ico") {
    response.writeHead(204).end();
    return;
  }
  if (pathname === "/robots.txt") {
    response.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    return;
  }
  sendPage(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});
server.listen(Number(portArgument), HOST, () => console.log(`floor: listening on http://${HOST}:${portArgument}`));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
