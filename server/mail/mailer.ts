import nodemailer from "nodemailer";
import type { Database } from "../../db/client.ts";
import { devOutbox } from "../../db/schema/index.ts";
import type { Logger } from "../logger.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when `SMTP_URL` is set. Without it, mails are kept in the development outbox (readable by
 * admins) only when `MAIL_OUTBOX` is on; otherwise they are dropped with a warning. A mail's text
 * (which may hold a live password-reset link) is never written to the log.
 */
export function createMailer({
  smtpUrl,
  outbox = false,
  from,
  db,
  logger,
}: {
  smtpUrl?: string;
  outbox?: boolean;
  from: string;
  db: Database;
  logger: Logger;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        logger.info("mail sent", { to: mail.to, subject: mail.subject });
      },
    };
  }
  if (outbox) {
    return {
      async send(mail) {
        await db.insert(devOutbox).values({ ...mail, createdAt: Date.now() });
        logger.info("mail kept in the development outbox (MAIL_OUTBOX=1, no SMTP_URL)", { to: mail.to, subject: mail.subject });
      },
    };
  }
  return {
    async send(mail) {
      logger.warn("mail not sent: set SMTP_URL (or MAIL_OUTBOX=1 while developing)", { to: mail.to, subject: mail.subject });
    },
  };
}

/** With the outbox off, mails kept while it was on (their links may still be live) are removed. */
export async function clearOutboxUnlessKept(db: Database, outbox: boolean): Promise<void> {
  if (!outbox) await db.delete(devOutbox);
}
