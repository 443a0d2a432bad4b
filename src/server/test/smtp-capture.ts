/**
 * A local SMTP server that captures outgoing mail for tests.
 *
 * Point nodemailer at `capture.url` (plain SMTP on 127.0.0.1, any credentials accepted), then read
 * `capture.messages` or `await capture.waitForMail(...)`. Messages are decoded by mailparser
 * (`decodeMessage`).
 */
import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

interface CapturedMail {
  /** Envelope sender (MAIL FROM), a bare address. */
  from: string;
  /** Envelope recipients (RCPT TO, so Bcc recipients included), bare addresses. */
  to: string[];
  /** Decoded Subject header. */
  subject: string;
  /** Decoded first text/plain body part that is not an attachment ("" if none), line breaks as "\n". */
  text: string;
  /** Decoded first text/html body part that is not an attachment ("" if none), line breaks as "\n". */
  html: string;
  /** The message exactly as received (headers and MIME-encoded body). */
  raw: string;
  receivedAt: Date;
}

export interface SmtpCapture {
  port: number;
  /** `smtp://127.0.0.1:PORT`, usable as nodemailer's transport URL (SMTP_URL). */
  url: string;
  /** Every message received so far, oldest first. Tests may clear it with `messages.length = 0`. */
  messages: CapturedMail[];
  /**
   * Resolves with the most recent already-captured message that matches, or else with the first
   * matching message to arrive; rejects once `timeoutMs` (default 5000) has passed without one.
   */
  waitForMail(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Stops listening and rejects pending `waitForMail` calls. */
  close(): Promise<void>;
}

interface Waiter {
  match: (mail: CapturedMail) => boolean;
  resolve: (mail: CapturedMail) => void;
  reject: (error: Error) => void;
}

const DEFAULT_WAIT_MS = 5_000;

/**
 * Starts the capture on 127.0.0.1, on `options.port` or a random free port. With `options.saveDir`,
 * each message is also written there as `<epoch ms>-<n>.eml` (n counts from 1), e.g. to inspect it
 * in a mail client.
 */
export async function startSmtpCapture(
  options: { port?: number; saveDir?: string } = {},
): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<Waiter>();
  let received = 0;

  if (options.saveDir) await mkdir(options.saveDir, { recursive: true });

  const capture = async (stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const number = ++received;
    const receivedAt = new Date();

    const decoded = await decodeMessage(raw);
    const { mailFrom, rcptTo } = session.envelope;
    const mail: CapturedMail = {
      from: mailFrom ? mailFrom.address : "",
      to: rcptTo.map((recipient) => recipient.address),
      subject: decoded.subject,
      text: decoded.text,
      html: decoded.html,
      raw: raw.toString("utf8"),
      receivedAt,
    };
    // Written before the SMTP reply, so the file exists once the sender's sendMail() resolves.
    if (options.saveDir) await writeFile(join(options.saveDir, `${receivedAt.getTime()}-${number}.eml`), raw);

    messages.push(mail);
    for (const waiter of waiters) {
      let matches: boolean;
      try {
        matches = waiter.match(mail);
      } catch (error) {
        waiters.delete(waiter);
        waiter.reject(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (matches) {
        waiters.delete(waiter);
        waiter.resolve(mail);
      }
    }
  };

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    // Accept AUTH over the plain connection, so an SMTP_URL carrying credentials works too.
    allowInsecureAuth: true,
    // No reverse DNS for 127.0.0.1 (slow or failing without network) and no logging.
    disableReverseLookup: true,
    logger: false,
    // A pooled client may keep its connection open; do not make close() wait 30 s for it.
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      capture(stream, session).then(
        () => callback(),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // smtp-server re-emits client socket errors (e.g. a sender resetting the connection) on the
  // server; without a listener Node would treat them as unhandled and crash the test run.
  server.on("error", () => {});

  const port = (server.server.address() as AddressInfo).port;

  const waitForMail = (match: (mail: CapturedMail) => boolean, timeoutMs = DEFAULT_WAIT_MS) =>
    new Promise<CapturedMail>((resolve, reject) => {
      const existing = messages.findLast(match);
      if (existing) {
        resolve(existing);
        return;
      }
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        const seen = messages.map((mail) => `  - to ${mail.to.join(", ")}: ${JSON.stringify(mail.subject)}`);
        reject(
          new Error(
            `waitForMail: no matching message arrived within ${timeoutMs} ms` +
              (seen.length > 0 ? `; captured so far:\n${seen.join("\n")}` : "; no messages captured at all"),
          ),
        );
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      waiters.add(waiter);
    });

  const close = async () => {
    for (const waiter of waiters) waiter.reject(new Error("waitForMail: the SMTP capture was closed"));
    waiters.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return { port, url: `smtp://127.0.0.1:${port}`, messages, waitForMail, close };
}

/** The parts of a message tests read. */
export interface DecodedMessage {
  subject: string;
  /** The text body ("" if none), line breaks as "\n". */
  text: string;
  /** The HTML body ("" if none), line breaks as "\n". */
  html: string;
}

const unixLines = (text: string) => text.replace(/\r\n/g, "\n").replace(/\n$/, "");

/** Decodes a message as received (mailparser: encoded words, multiparts, transfer encodings, charsets). */
export async function decodeMessage(raw: Buffer | string): Promise<DecodedMessage> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  return {
    subject: parsed.subject ?? "",
    text: unixLines(parsed.text ?? ""),
    html: typeof parsed.html === "string" ? unixLines(parsed.html) : "",
  };
}
