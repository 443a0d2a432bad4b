import { inspect } from "node:util";
import { escapeControlCharacters } from "./control-characters.ts";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
type EventLevel = Exclude<LogLevel, "silent">;

export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

/** Where the lines go: warnings and errors to stderr, the rest to stdout. */
export type LogOutput = (line: string, level: EventLevel) => void;
const consoleOutput: LogOutput = (line, level) =>
  level === "error" || level === "warn" ? console.error(line) : console.log(line);

/**
 * A small levelled logger writing exactly one line per event. Messages and details carry client text (a
 * path, a field, an error quoting them): every control character in them is written as an escape (\n,
 * \u0000), so no client input can start a line of its own; an error's stack stays on its line.
 */
export function createLogger(level: LogLevel = "info", output: LogOutput = consoleOutput): Logger {
  const threshold = LEVELS[level];
  const write = (at: EventLevel, message: string, details?: unknown) => {
    if (LEVELS[at] < threshold) return;
    const text =
      details === undefined
        ? message
        : `${message} ${inspect(details, { breakLength: Number.POSITIVE_INFINITY })}`;
    output(`${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${escapeControlCharacters(text)}`, at);
  };
  return {
    debug: (message, details) => write("debug", message, details),
    info: (message, details) => write("info", message, details),
    warn: (message, details) => write("warn", message, details),
    error: (message, details) => write("error", message, details),
  };
}

export const silentLogger: Logger = createLogger("silent");
