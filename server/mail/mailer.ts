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

/** SMTP when `SMTP_URL` is set; otherwise the development outbox (logged, and readable by admins). */
export function createMailer({ smtpUrl, from, db, logger }: { smtpUrl?: string; from: string; db: Database; logger: Logger }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        logger.info("mail sent", { to: mail.to, subject: mail.subject });
      },
    };
  }
  return {
    async send(mail) {
      await db.insert(devOutbox).values({ ...mail, createdAt: Date.now() });
      logger.info("mail kept in the development outbox (no SMTP_URL)", { to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
