/**
 * A local SMTP server that captures outgoing mail for tests.
 *
 * Point nodemailer at `capture.url` (plain SMTP on 127.0.0.1, any credentials accepted), then read
 * `capture.messages` or `await capture.waitForMail(...)`. Messages are decoded by the small MIME
 * parser below (`decodeMessage`), which understands what nodemailer produces: RFC 2047 encoded
 * words in the subject, nested multipart/alternative and multipart/mixed bodies, quoted-printable
 * and base64 transfer encodings, and any charset Node's TextDecoder knows (UTF-8 in practice).
 */
import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

export interface CapturedMail {
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

    const decoded = decodeMessage(raw);
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

// ---------------------------------------------------------------------------------------------
// MIME decoding
// ---------------------------------------------------------------------------------------------

export interface DecodedMessage {
  subject: string;
  /** First text/plain part that is not an attachment, "" if none. */
  text: string;
  /** First text/html part that is not an attachment, "" if none. */
  html: string;
}

/**
 * Decodes the parts of a message tests care about. Never throws: whatever it cannot make sense of
 * comes out as an empty string (the raw message is still there to look at).
 */
export function decodeMessage(raw: Buffer | string): DecodedMessage {
  // Work on a "binary" string (one char per byte) so 8-bit bodies survive until we know their charset.
  const binary =
    typeof raw === "string" ? Buffer.from(raw, "utf8").toString("latin1") : raw.toString("latin1");
  // SMTP requires the data to end with a line break, so the last one is not part of a single-part body.
  const root = splitEntity(binary.replace(/\r\n/g, "\n").replace(/\n$/, ""));
  const result: DecodedMessage = {
    subject: decodeHeaderValue(root.headers.get("subject") ?? ""),
    text: "",
    html: "",
  };
  collectBodies(root, result, 0);
  return result;
}

interface Entity {
  /** Lower-cased header names; the first occurrence wins. Values unfolded, still in binary form. */
  headers: Map<string, string>;
  body: string;
}

/** Splits an entity at the first empty line and parses (and unfolds) its header block. */
function splitEntity(source: string): Entity {
  const end = source.startsWith("\n") ? 0 : source.indexOf("\n\n");
  const headerBlock = end === -1 ? source : source.slice(0, end);
  const body = end === -1 ? "" : source.slice(end + (end === 0 ? 1 : 2));

  const headers = new Map<string, string>();
  // A line starting with whitespace continues the previous header (RFC 5322 folding).
  for (const line of headerBlock.replace(/\n(?=[ \t])/g, "").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const MAX_DEPTH = 10;

function collectBodies(entity: Entity, result: DecodedMessage, depth: number): void {
  const contentType = parseHeaderWithParams(entity.headers.get("content-type") ?? "text/plain");
  const type = contentType.value || "text/plain";

  if (type.startsWith("multipart/")) {
    const boundary = contentType.params.get("boundary");
    if (!boundary || depth >= MAX_DEPTH) return;
    for (const part of splitMultipart(entity.body, boundary))
      collectBodies(splitEntity(part), result, depth + 1);
    return;
  }

  if (type !== "text/plain" && type !== "text/html") return;
  const disposition = parseHeaderWithParams(entity.headers.get("content-disposition") ?? "");
  if (disposition.value === "attachment") return;
  const key = type === "text/plain" ? "text" : "html";
  if (result[key] !== "") return;

  const bytes = decodeTransferEncoding(
    entity.body,
    entity.headers.get("content-transfer-encoding") ?? "7bit",
  );
  result[key] = decodeCharset(bytes, contentType.params.get("charset") ?? "utf-8").replace(/\r\n?/g, "\n");
}

/** The parts between `--boundary` lines, up to the closing `--boundary--` (preamble and epilogue dropped). */
function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split("\n")) {
    // Boundary lines may carry trailing "transport padding" whitespace (RFC 2046 §5.1.1).
    const trimmed = line.trimEnd();
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join("\n"));
      if (trimmed !== delimiter) return parts;
      current = [];
    } else {
      current?.push(line);
    }
  }
  // No closing delimiter (truncated message): keep what we have.
  if (current) parts.push(current.join("\n"));
  return parts;
}

function decodeTransferEncoding(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      // Buffer's base64 decoder skips the line breaks (and any other non-alphabet characters).
      return Buffer.from(body, "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      // 7bit, 8bit, binary: the bytes are the content.
      return Buffer.from(body, "latin1");
  }
}

function decodeQuotedPrintable(body: string): Buffer {
  return decodeEscapes(
    body
      // Trailing whitespace on a line was added in transit and is not part of the content (RFC 2045 §6.7).
      .replace(/[ \t]+$/gm, "")
      // "=" at the end of a line is a soft line break, inserted to keep lines short.
      .replace(/=\n/g, ""),
  );
}

/** Turns `=XX` escapes into bytes (shared by quoted-printable bodies and Q-encoded words). */
function decodeEscapes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    const hex = text.slice(i + 1, i + 3);
    if (char === 0x3d /* = */ && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      // A stray "=" that does not start an escape is kept literally, as RFC 2045 suggests.
      bytes.push(char & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    // Unknown charset label: UTF-8 is the best guess for anything we send.
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * Parses `value; name=token; name="quoted string"` headers (Content-Type, Content-Disposition).
 * The value and parameter names are lower-cased; parameter values keep their case.
 */
function parseHeaderWithParams(header: string): { value: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semicolon = header.indexOf(";");
  const value = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (semicolon === -1) return { value, params };

  const paramPattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.slice(semicolon).matchAll(paramPattern)) {
    const name = (match[1] ?? "").toLowerCase();
    const quoted = match[2];
    const paramValue = quoted === undefined ? (match[3] ?? "").trim() : quoted.replace(/\\(.)/g, "$1");
    if (!params.has(name)) params.set(name, paramValue);
  }
  return { value, params };
}

/**
 * Decodes a header value: raw UTF-8 bytes (RFC 6532) and RFC 2047 encoded words
 * (`=?charset?B?...?=` / `=?charset?Q?...?=`). Whitespace between adjacent encoded words is dropped,
 * and adjacent words in the same charset are joined as bytes before decoding, because an encoder may
 * split a multi-byte character across two words.
 */
function decodeHeaderValue(binaryValue: string): string {
  const value = Buffer.from(binaryValue, "latin1").toString("utf8");
  const encodedWord = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

  let output = "";
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  let lastEnd = 0;
  const flush = () => {
    if (pending) output += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };

  for (const match of value.matchAll(encodedWord)) {
    const between = value.slice(lastEnd, match.index);
    lastEnd = match.index + match[0].length;
    // RFC 2231 allows a language suffix: charset*language.
    const charset = (match[1] ?? "utf-8").split("*")[0]?.toLowerCase() ?? "utf-8";
    const bytes = decodeEncodedWordText(match[2] ?? "B", match[3] ?? "");

    if (pending && /^\s*$/.test(between)) {
      if (pending.charset === charset) {
        pending.bytes.push(bytes);
        continue;
      }
      flush();
    } else {
      flush();
      output += between;
    }
    pending = { charset, bytes: [bytes] };
  }
  flush();
  return output + value.slice(lastEnd);
}

function decodeEncodedWordText(encoding: string, text: string): Buffer {
  if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64");
  // The Q encoding is quoted-printable with "_" standing for a space (which may end the word, so
  // unlike a body line its trailing whitespace is content).
  return decodeEscapes(text.replace(/_/g, " "));
}
