const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

/** A small levelled logger writing one line per event to stderr/stdout. */
export function createLogger(level: LogLevel = "info"): Logger {
  const threshold = LEVELS[level];
  const write = (at: Exclude<LogLevel, "silent">, message: string, details?: unknown) => {
    if (LEVELS[at] < threshold) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}`;
    const stream = at === "error" || at === "warn" ? console.error : console.log;
    if (details === undefined) stream(line);
    else stream(line, details);
  };
  return {
    debug: (message, details) => write("debug", message, details),
    info: (message, details) => write("info", message, details),
    warn: (message, details) => write("warn", message, details),
    error: (message, details) => write("error", message, details),
  };
}

export const silentLogger: Logger = createLogger("silent");
