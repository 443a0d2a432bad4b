import type { BetterAuthOptions } from "better-auth";
import type { Logger } from "../../lib/logger.ts";
import { isDatabaseUnreachable } from "../../lib/requests/errors.ts";

/** better-auth's error reports that describe a request it refused rather than a fault of the server. */
const CLIENT_MISTAKE =
  /^(Invalid (callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|origin)\b|State not found|INVALID_CALLBACK_REQUEST|Blocked cross-site|Provider not found|No callback URL found)/;

/** better-auth's verdict on a sign-in state a client sent back (unknown, expired, not this browser's). */
const isStateVerdict = (error: Error) =>
  "code" in error && typeof error.code === "string" && error.code.startsWith("state_");

/**
 * Where better-auth's own reports go (ADR 033). It reports the requests it refuses (an unknown e-mail, a
 * wrong or short password, a bad callback or state) at warn or error: those are the client's mistakes,
 * noted at debug. A report that carries an Error (other than its verdict on a state) is a fault of the
 * server and keeps its level.
 */
export function betterAuthLog(logger: Logger): NonNullable<BetterAuthOptions["logger"]> {
  return {
    level: "warn",
    log: (level, message, ...args) => {
      const details = args.length > 0 ? args : undefined;
      const errors = args.filter((arg) => arg instanceof Error);
      const fault =
        errors.length > 0
          ? !errors.every(isStateVerdict)
          : level === "error" && !CLIENT_MISTAKE.test(message);
      // A database out of reach is the error handler's to note, once, with the 503 it answers.
      if (errors.some(isDatabaseUnreachable)) logger.debug(`auth: ${message}`, details);
      else if (fault && level === "error") logger.error(`auth: ${message}`, details);
      else if (fault && level === "warn") logger.warn(`auth: ${message}`, details);
      else logger.debug(`auth: ${message}`, details);
    },
  };
}
