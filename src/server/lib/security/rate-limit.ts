import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { type ApiError, ApiErrorSchema } from "#shared/schemas/common.ts";
import type { Logger } from "../logger.ts";
import { bodyLimitFor } from "../requests/body-limit.ts";
import { answering } from "../requests/route-needs.ts";
import { clientIp } from "./client-ip.ts";
import type { Counted, Limiter } from "./rate-limit/limiter.ts";
import { limitDescription, type Policy, type PolicyName, RATE_LIMITS } from "./rate-limit/policies.ts";

// The limiter and the table of limits live in rate-limit/; the app and the tests reach them through here.
export { Limiter } from "./rate-limit/limiter.ts";
export { limitDescription, type PolicyName, RATE_LIMITS } from "./rate-limit/policies.ts";

/**
 * A wait as a person reads it: seconds up to two minutes, whole minutes (rounded up) up to two hours,
 * whole hours (rounded up) beyond.
 */
export function waitInWords(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  if (seconds < 2 * 60 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/**
 * The one refusal of every limit: 429, Retry-After in seconds, and the same sentence, which says the limit
 * that applied and when it lifts: "Too many comments (at most 1 per account in 5 seconds). Try again in
 * 4 seconds."
 */
function tooMany(c: Context, seconds: number, rule: string | undefined, { what, limitInWords }: Policy) {
  const limit = limitInWords ?? (rule ? `at most ${rule}` : undefined);
  return limitRefusal(c, seconds, `Too many ${what}${limit ? ` (${limit})` : ""}`);
}

/** 429 with Retry-After in seconds and `sentence` (the rule that applied), then when it lifts, in words. */
export function limitRefusal(c: Context, seconds: number, sentence: string) {
  c.header("Retry-After", String(seconds));
  return c.json<ApiError>({ message: `${sentence}. Try again in ${waitInWords(seconds)}.` }, 429);
}

/** Any app whose routes find the limiter in `c.var.limiter` (AppEnv does). */
type LimitedEnv = { Variables: { limiter: Limiter; logger: Logger } };

/**
 * What a request adds to a limit on bytes: its body's declared size. A body without Content-Length
 * (chunked) is charged the most the body limit lets through for its path.
 */
function bodyBytes(c: Context): number {
  const declared = Number(c.req.header("Content-Length"));
  return Number.isSafeInteger(declared) && declared >= 0 ? declared : bodyLimitFor(c).maxSize;
}

/**
 * A route's limit, as middleware: takes a turn of `policy` for the client's address and whoever `who`
 * names (an e-mail in the body, the signed-in user, with the account's age or a known device), before the
 * route runs; 429 when one is used up. A turn is given back when it should not count: a failures-only
 * policy's when the route succeeds, an accepted-only policy's when it refuses, and any turn the server was
 * too busy to serve (503).
 */
export function rateLimit<E extends LimitedEnv>(
  policy: PolicyName,
  who: (c: Context<E>) => string | Counted | null | Promise<string | Counted | null>,
): MiddlewareHandler<E> {
  const windows: Policy = RATE_LIMITS[policy];
  const { failuresOnly, acceptedOnly, unit } = windows;
  const limited: MiddlewareHandler<E> = async (c, next) => {
    const { limiter } = c.var;
    if (!limiter.options.enabled) return next();
    const cost = unit === "bytes" ? bodyBytes(c) : 1;
    const ip = clientIp(c, limiter.options.trustProxy);
    limiter.noteAddress(policy, ip, c.var.logger);
    const turn = await limiter.take(policy, ip, await who(c), cost);
    if (!turn.allowed) return tooMany(c, turn.retryAfter, turn.rule, windows);
    let giveBack = false;
    try {
      await next();
      const status = c.res.status;
      giveBack = (failuresOnly && status < 400) || (acceptedOnly === true && status >= 400) || status === 503;
    } finally {
      if (giveBack) await turn.release();
      else turn.keep();
    }
  };
  return answering(limited, {
    429: {
      description: limitDescription(policy),
      headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait" }) }),
      content: { "application/json": { schema: ApiErrorSchema } },
    },
  });
}
