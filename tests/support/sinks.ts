/**
 * The outside services the end-to-end journeys need, on loopback, in one process (Node 24:
 * `./node_modules/.bin/node tests/support/sinks.ts`; playwright.config.ts starts it before the app):
 *
 * - an SMTP sink that keeps every mail in memory (port E2E_SMTP_PORT, 4125);
 * - an OpenID Connect issuer (oidc-provider with its development login and consent pages) at
 *   http://127.0.0.1:E2E_OIDC_PORT (4180), one client for the app on E2E_PORT (4173), and the
 *   accounts of sinks-config.ts;
 * - a control server (E2E_SINKS_PORT, 4181): `GET /health`, `GET /mails?to=<email>` (the decoded
 *   mails, oldest first), `DELETE /mails`, `GET /oidc/errors` (the issuer's own failures).
 *
 * Stops cleanly on SIGTERM or SIGINT.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { decodeHeader, splitHeaders, textParts } from "./mime.ts";
import { startOidcIssuer } from "./oidc-issuer.ts";
import { idpAccounts, oidcClient, sinkPorts, type SunkMail } from "./sinks-config.ts";
import { startSmtpSink, type Received } from "./smtp-sink.ts";

const host = "127.0.0.1";

function decode(message: Received): SunkMail {
  const { headers } = splitHeaders(message.raw);
  const parts = textParts(message.raw);
  return {
    envelope: { from: message.from, to: message.to },
    from: decodeHeader(headers.get("from") ?? ""),
    to: decodeHeader(headers.get("to") ?? ""),
    subject: decodeHeader(headers.get("subject") ?? ""),
    text: (parts.get("text/plain") ?? "").replace(/\r\n/g, "\n"),
    html: (parts.get("text/html") ?? "").replace(/\r\n/g, "\n"),
    receivedAt: message.receivedAt,
  };
}

const smtp = await startSmtpSink({ port: sinkPorts.smtp, host });
const oidcErrors: string[] = [];
const appOrigins = [`http://127.0.0.1:${sinkPorts.app}`, `http://localhost:${sinkPorts.app}`];
const idp = await startOidcIssuer({
  port: sinkPorts.oidc,
  host,
  clients: [{ ...oidcClient, redirectUris: appOrigins.map((origin) => `${origin}/api/auth/callback/oidc`) }],
  accounts: Object.values(idpAccounts),
  onServerError: (error) => {
    oidcErrors.push(String(error));
    console.error("oidc-provider server error:", error);
  },
});

function send(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

function control(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", `http://${host}`);
  if (url.pathname === "/health" && req.method === "GET") return send(res, 200, { smtp: smtp.port, issuer: idp.issuer });
  if (url.pathname === "/mails" && req.method === "GET") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = smtp.received.filter((message) => !to || message.to.some((address) => address.toLowerCase() === to));
    return send(res, 200, found.map(decode));
  }
  if (url.pathname === "/mails" && req.method === "DELETE") {
    smtp.received.length = 0;
    return send(res, 204);
  }
  if (url.pathname === "/oidc/errors" && req.method === "GET") return send(res, 200, oidcErrors);
  send(res, 404, { error: "not found" });
}

const controlServer = createServer((req, res) => {
  try {
    control(req, res);
  } catch (error) {
    console.error(error);
    send(res, 500, { error: String(error) });
  }
});
await new Promise<void>((resolve, reject) => {
  controlServer.once("error", reject);
  controlServer.listen(sinkPorts.control, host, () => resolve());
});
console.log(`sinks ready: smtp://${host}:${smtp.port}, issuer ${idp.issuer}, control http://${host}:${sinkPorts.control}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`sinks stopping (${signal})`);
  controlServer.closeAllConnections();
  await Promise.all([new Promise<void>((resolve) => controlServer.close(() => resolve())), smtp.close(), idp.close()]);
  process.exit(0);
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));
