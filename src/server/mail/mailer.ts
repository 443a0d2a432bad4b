import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../lib/logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about (a reset link); the outbox logs it so a local user can follow it. */
  link?: string;
  /** Headers of its own, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log. */
  describe: string;
  /** Delivery is a local file write: quick, so a request may wait for it (no SMTP round trip to time). */
  local: boolean;
}

/**
 * With SMTP_URL, mail goes to that server. Without it (the embedded default) each message is written as
 * an .eml file under DATA_DIR/outbox, and logged, so a local user can still follow a reset link.
 */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
  logger,
}: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (smtpUrl) {
    // Well inside the five minutes after which another instance may take a queued message over (ADR 045):
    // a mail server that hangs is given up on, and the message tried again later.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const { hostname, port } = new URL(smtpUrl);
    return {
      describe: `SMTP ${hostname}:${port || 25}`,
      local: false,
      async send({ link: _link, ...message }) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `files in ${outboxDir}`,
    local: true,
    async send({ link, ...message }) {
      const info = await transport.sendMail({ from, ...message });
      mkdirSync(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replaceAll(":", "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      logger.info(`E-mail "${message.subject}" to ${message.to} written to ${file}`);
      if (link) logger.info(`Link in that e-mail: ${link}`);
    },
  };
}

/** A mailer that keeps messages in memory, for tests that read what was sent. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    describe: "memory",
    local: true,
    async send(message) {
      sent.push(message);
    },
  };
}
