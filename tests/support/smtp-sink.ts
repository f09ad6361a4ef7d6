import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the SMTP sink received it: the envelope, and the raw RFC 5322 text. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
  /** When the message was complete (ms since the epoch). */
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message in memory (no TLS, no auth). Port 0: any free port. */
export async function startSmtpSink({ port = 0, host = "127.0.0.1" }: { port?: number; host?: string } = {}): Promise<SmtpSink> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Do not keep a stop waiting on a client that holds its connection open.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("latin1"),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return { port: address.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
