import type { Logger } from "../lib/logger.ts";

/** A logger that keeps each message, at every level, for a test to read back. */
export function recordingLogger() {
  const lines: string[] = [];
  const record = (message: string) => {
    lines.push(message);
  };
  const logger: Logger = { debug: record, info: record, warn: record, error: record };
  return { logger, lines };
}
