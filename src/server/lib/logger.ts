import { writeSync } from "node:fs";
import { type DestinationStream, type Logger as Pino, pino } from "pino";
import { prettyFactory } from "pino-pretty";
import { requestContext } from "./requests/request-context.ts";
import { escapeControlCharacters } from "./security/control-characters.ts";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
/** JSON lines for a log collector (production), or one readable line per event for a terminal. */
export type LogFormat = "json" | "pretty";

export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

/** The server's log, and a way to write a line it prepared itself (the request line, ADR 066). */
export interface ServerLogger extends Logger {
  /** Whether a line at `level` is written at all. */
  enabled(level: Exclude<LogLevel, "silent">): boolean;
  /**
   * Writes one line as it is given: a JSON object, its `level` and `time` first as every other line
   * has them, with no line break inside. It goes where the others go, in the format they are in.
   */
  writeLine(json: string): void;
}

/** Where the lines go when not to stdout: each line as written, without its line break. */
export type LogOutput = (line: string) => void;

/**
 * U+0085 and the line and paragraph separators are valid unescaped in a JSON string, and some log viewers
 * start a line at them: written as escapes, the JSON stays the same value and one line.
 */
const LINE_BREAKING_IN_JSON = /[\u0085\u2028\u2029]/g;
export const escapeLineBreaks = (line: string) =>
  line.replace(LINE_BREAKING_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

let lastMillisecond = -1;
let lastIsoTime = "";
/**
 * The time as every line writes it (ISO 8601, UTC, milliseconds), formatted once per millisecond: a busy
 * server writes several lines in each.
 */
export function isoTimeNow(): string {
  const now = Date.now();
  if (now !== lastMillisecond) {
    lastMillisecond = now;
    lastIsoTime = new Date(now).toISOString();
  }
  return lastIsoTime;
}

/**
 * The server's log, on pino (ADR 044): exactly one line per event. `json` writes what a log collector
 * reads (level as a word, time in ISO 8601, `msg`, and the event's fields); `pretty` writes the same
 * event as a readable line for a terminal. Messages carry client text (a path, a field, an error quoting
 * them): every control character in a message is written as an escape (\n, \u0000), so in JSON no client
 * input starts a line of its own. Details go under `details`, an error under `err` (its type, message and
 * stack, inside the JSON string). `pretty`, for a terminal only, shows an error's stack below the line,
 * and a stack may quote client text on lines of its own: never feed the pretty format to a collector. A line
 * written while a request is answered carries its id, `reqId` (lib/requests/request-context.ts).
 */
export function createLogger(
  level: LogLevel = "info",
  output?: LogOutput,
  format: LogFormat = "json",
): ServerLogger {
  const destination = destinationFor(format, output);
  const base = pino(
    {
      level,
      base: undefined,
      timestamp: () => `,"time":"${isoTimeNow()}"`,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorWithoutValues },
      hooks: { streamWrite: escapeLineBreaks },
      // Every line written while a request is answered names it, whichever code writes it.
      mixin: () => {
        const id = requestContext.getStore()?.id;
        return id ? { reqId: id } : {};
      },
    },
    destination,
  );
  return wrap(base, destination);
}

function destinationFor(format: LogFormat, output: LogOutput | undefined): DestinationStream {
  if (format === "json") {
    if (!output) return heldLines(1);
    return {
      write: (chunk) => {
        for (const line of chunk.split("\n")) if (line) output(line);
      },
    };
  }
  const prettify = prettyFactory({
    singleLine: true,
    colorize: !output && Boolean(process.stdout.isTTY),
    translateTime: "SYS:yyyy-mm-dd HH:MM:ss.l",
    ignore: "pid,hostname",
  });
  const write = output ?? ((line: string) => process.stdout.write(`${line}\n`));
  return { write: (chunk) => write(prettify(chunk).replace(/\n$/, "")) };
}

/** How long a line may wait to be written with others, and how much may wait (ADR 071). */
const HOLD_MS = 50;
const HOLD_CHARS = 32 * 1024;

/**
 * Lines held a moment and handed to the file descriptor together (ADR 071): at most 50 ms, or 32 KB. A
 * busy server writes thousands of lines a second; a write apiece (sonic-boom measuring everything it holds
 * at each, then a trip through libuv's threads and back) cost a small cached read more than making the
 * line did. What is held when the process exits is written before it goes, after what sonic-boom held.
 */
function heldLines(fd: number): DestinationStream {
  const stream = pino.destination({ dest: fd, sync: false });
  let held: string[] = [];
  let heldChars = 0;
  let timer: NodeJS.Timeout | undefined;
  const handOn = () => {
    clearTimeout(timer);
    timer = undefined;
    const chunk = held.join("");
    held = [];
    heldChars = 0;
    stream.write(chunk);
  };
  process.on("exit", () => {
    // A descriptor closed or full at exit loses the lines either way: the exit is not held up by it.
    try {
      stream.flushSync();
      if (held.length > 0) writeSync(fd, held.join(""));
    } catch {}
  });
  return {
    write(line) {
      held.push(line);
      heldChars += line.length;
      if (heldChars >= HOLD_CHARS) handOn();
      else timer ??= setTimeout(handOn, HOLD_MS).unref();
    },
  };
}

/** drizzle's failed-query message ends with the statement's values: everything from here to the stack. */
const QUERY_VALUES = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

/** What a database error carries of the values it was given: left out wherever it appears. */
const VALUE_FIELDS = new Set(["params", "detail"]);

/**
 * An error as pino writes it (type, message, stack with its causes, its own fields), without the values
 * of a failed query, at any depth: drizzle's `params` and the values in its message, and PostgreSQL's
 * `detail` ("Key (email)=(...) already exists"). They are what a member sent (an e-mail, a password's
 * hash, a token); the statement itself says what failed.
 */
function errorWithoutValues(error: Error): Record<string, unknown> {
  return scrub(pino.stdSerializers.err(error), 0) as Record<string, unknown>;
}

function scrub(value: unknown, depth: number): unknown {
  if (value instanceof Error) return errorWithoutValues(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const written: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) continue;
    written[key] =
      (key === "message" || key === "stack") && typeof field === "string"
        ? field.replace(QUERY_VALUES, "\nparams: (not logged)")
        : scrub(field, depth + 1);
  }
  return written;
}

function wrap(log: Pino, destination: DestinationStream): ServerLogger {
  const write =
    (at: "debug" | "info" | "warn" | "error") =>
    (message: string, details?: unknown): void => {
      if (!log.isLevelEnabled(at)) return;
      const text = escapeControlCharacters(message);
      if (details === undefined) log[at](text);
      else if (details instanceof Error) log[at]({ err: details }, text);
      // Errors inside details (better-auth passes its arguments as a list) are written as errors are.
      else log[at]({ details: scrub(details, 0) }, text);
    };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    enabled: (level) => log.isLevelEnabled(level),
    writeLine: (json) => destination.write(`${json}\n`),
  };
}

export const silentLogger: Logger = createLogger("silent", () => {});
