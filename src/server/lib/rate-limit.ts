import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { PHOTO_LIMITS } from "#shared/photos.ts";
import { type ApiError, ApiErrorSchema } from "#shared/schemas/common.ts";
import type { Db } from "../db/client.ts";
import { rateLimitHits } from "../db/schema.ts";
import { bodyLimitOf } from "./body-limit.ts";
import { clientIp } from "./client-ip.ts";
import { answering } from "./openapi.ts";

/** One limit: at most `count` hits per fixed window of `minutes`. */
interface Window {
  count: number;
  minutes: number;
}

/** A key to count and its limit: e.g. failed sign-ins for one account from one address. */
export interface LimitKey {
  key: string;
  window: Window;
}

/** What taking a turn answered: go ahead (and later `release` if the turn should not count), or wait. */
export type Turn = { allowed: true; release: () => Promise<void> } | { allowed: false; retryAfter: number };

/** What the upsert in `take` returns: `execute` leaves rows untyped, whichever driver is behind Db. */
const UpsertResultSchema = z.object({
  rows: z.array(z.object({ count: z.number().int(), wait: z.number().int() })),
});

/** Keys are hashed: the table then holds no e-mail or address, and every key has the same size. */
function limitKey(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url");
}

/**
 * Fixed-window counters in the database (table rate_limit_hits), so they survive a restart and several
 * servers on one database share them. A turn is reserved before the attempt it guards, by one atomic
 * upsert per key: fifty parallel guesses cannot all pass a limit of five, because each sees the count
 * the others already added. A refused turn gives its reservations back at once; a turn that should not
 * count (a successful sign-in) gives them back afterwards.
 */
export class RateLimitStore {
  private lastPrune = 0;

  constructor(private readonly db: Db) {}

  /** `cost` is what the attempt adds to each count: 1 for a request, its size for a limit on bytes. */
  async take(keys: LimitKey[], cost = 1): Promise<Turn> {
    const taken: string[] = [];
    let retryAfter = 0;
    for (const { key, window } of keys) {
      const result = UpsertResultSchema.parse(
        await this.db.execute(sql`
          insert into ${rateLimitHits} (key, count, reset_at)
          values (${key}, ${cost}, now() + make_interval(mins => ${window.minutes}))
          on conflict (key) do update set
            count = case when ${rateLimitHits.resetAt} <= now() then ${cost} else ${rateLimitHits.count} + ${cost} end,
            reset_at = case when ${rateLimitHits.resetAt} <= now() then excluded.reset_at else ${rateLimitHits.resetAt} end
          returning count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as wait
        `),
      );
      const row = result.rows[0];
      taken.push(key);
      if (row && row.count > window.count) retryAfter = Math.max(retryAfter, row.wait);
    }
    void this.pruneNowAndThen();
    if (retryAfter > 0) {
      await this.give(taken, cost);
      return { allowed: false, retryAfter };
    }
    return { allowed: true, release: () => this.give(taken, cost) };
  }

  private async give(keys: string[], cost: number) {
    for (const key of keys)
      await this.db.execute(
        sql`update ${rateLimitHits} set count = greatest(${rateLimitHits.count} - ${cost}, 0) where key = ${key} and reset_at > now()`,
      );
  }

  /** Drops windows that ended over an hour ago, at most once a minute. */
  private async pruneNowAndThen() {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await this.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.resetAt, new Date(now - 60 * 60_000)))
      .catch(() => {});
  }
}

/**
 * What one limit counts and how much of it: per client address always, and per account (and per account
 * and address) when the request names or is one. `failuresOnly` counts only attempts that fail (guessing
 * a password), otherwise every attempt (each one sends an e-mail or costs a photo decode).
 */
export interface Policy {
  /** Plural, for the refusal: "Too many <what>." */
  what: string;
  failuresOnly: boolean;
  /** Only what the route accepts counts: the turn is given back when it answers 4xx or 5xx. */
  acceptedOnly?: boolean;
  /** What the windows count: requests (the default), or bytes, each request adding its body's size. */
  unit?: "bytes";
  /** Said in the refusal after "Too many <what>", in brackets, where the wait alone would puzzle. */
  limitInWords?: string;
  perIp?: Window;
  perAccount?: Window;
  perAccountAndIp?: Window;
}

/**
 * Guessing a password. Per account and address these stop guessing one password from one place. Per
 * account across all addresses the ceiling is ten times higher, so an attacker at one address never
 * locks the owner out at another. Per address they are looser still: one address can be a whole office
 * or school behind NAT.
 */
const PASSWORD_GUESSES = {
  failuresOnly: true,
  perAccountAndIp: { count: 5, minutes: 15 },
  perAccount: { count: 50, minutes: 15 },
  perIp: { count: 100, minutes: 15 },
} as const;

/** Each request sends an e-mail: counted whether or not the account exists, which it must not reveal. */
const EMAILS = {
  failuresOnly: false,
  perAccount: { count: 3, minutes: 15 },
  perIp: { count: 100, minutes: 15 },
} as const;

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Every limit of the site, in one table. */
export const RATE_LIMITS = {
  signIn: { what: "failed sign-in attempts", ...PASSWORD_GUESSES },
  /** change-password and verify-password, for the signed-in account. */
  passwordCheck: { what: "failed password attempts", ...PASSWORD_GUESSES },
  signUp: {
    what: "sign-up attempts",
    failuresOnly: false,
    perAccount: { count: 5, minutes: 10 },
    perIp: { count: 300, minutes: 10 },
  },
  resetEmail: { what: "password reset requests", ...EMAILS },
  verificationEmail: { what: "verification e-mails", ...EMAILS },
  /**
   * Refused files count too: each one costs the server a decode. Per address as well, so a hundred free
   * accounts at one address do not get a hundred allowances (ADR 030).
   */
  upload: {
    what: "photo uploads",
    failuresOnly: false,
    perAccount: { count: PHOTO_LIMITS.perHour, minutes: 60 },
    perIp: { count: PHOTO_LIMITS.perHourPerAddress, minutes: 60 },
  },
  /** What uploads may add to the storage in a day: only accepted photos count, by their size. */
  uploadBytes: {
    what: "megabytes of photos",
    limitInWords: `at most ${PHOTO_LIMITS.bytesPerDay / MB} MB per account, ${PHOTO_LIMITS.bytesPerDayPerAddress / GB} GB per address in 24 hours`,
    failuresOnly: false,
    acceptedOnly: true,
    unit: "bytes",
    perAccount: { count: PHOTO_LIMITS.bytesPerDay, minutes: 24 * 60 },
    perIp: { count: PHOTO_LIMITS.bytesPerDayPerAddress, minutes: 24 * 60 },
  },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof RATE_LIMITS;

/**
 * The site's one limiter, made once per app: its store's pruning ("at most once a minute") then holds,
 * and `enabled: false` (RATE_LIMITS=off, for load tests and benchmarks) turns every limit off at once.
 */
export class Limiter {
  private readonly store: RateLimitStore;

  constructor(
    db: Db,
    readonly options: { enabled: boolean; trustProxy: number },
  ) {
    this.store = new RateLimitStore(db);
  }

  /** The keys `policy` counts for this address and account. */
  keys(policy: PolicyName, ip: string, account: string | null): LimitKey[] {
    const windows: Policy = RATE_LIMITS[policy];
    const keys: LimitKey[] = [];
    if (windows.perIp) keys.push({ key: limitKey(policy, "ip", ip), window: windows.perIp });
    if (account) {
      if (windows.perAccount)
        keys.push({ key: limitKey(policy, "account", account), window: windows.perAccount });
      if (windows.perAccountAndIp)
        keys.push({ key: limitKey(policy, "account+ip", account, ip), window: windows.perAccountAndIp });
    }
    return keys;
  }

  /** As the configuration says: limits on unless RATE_LIMITS=off; the client address per TRUST_PROXY. */
  static forConfig(db: Db, config: { RATE_LIMIT?: boolean; TRUST_PROXY?: number }): Limiter {
    return new Limiter(db, { enabled: config.RATE_LIMIT ?? true, trustProxy: config.TRUST_PROXY ?? 0 });
  }

  take(policy: PolicyName, ip: string, account: string | null, cost = 1): Promise<Turn> {
    return this.store.take(this.keys(policy, ip, account), cost);
  }
}

/**
 * A wait as a person reads it: seconds up to two minutes, whole minutes (rounded up) up to two hours,
 * whole hours (rounded up) beyond.
 */
export function waitInWords(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  if (seconds < 2 * 60 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/** The one refusal of every limit: 429, Retry-After in seconds, and the same sentence shape. */
function tooMany(c: Context, seconds: number, { what, limitInWords }: Policy) {
  c.header("Retry-After", String(seconds));
  const limit = limitInWords ? ` (${limitInWords})` : "";
  return c.json<ApiError>(
    { message: `Too many ${what}${limit}. Try again in ${waitInWords(seconds)}.` },
    429,
  );
}

/** Any app whose routes find the limiter in `c.var.limiter` (AppEnv does). */
type LimitedEnv = { Variables: { limiter: Limiter } };

/**
 * What a request adds to a limit on bytes: its body's declared size. A body without Content-Length
 * (chunked) is charged the most the body limit lets through for its path.
 */
function bodyBytes(c: Context): number {
  const declared = Number(c.req.header("Content-Length"));
  return Number.isSafeInteger(declared) && declared >= 0 ? declared : bodyLimitOf(c.req.path).maxSize;
}

/**
 * A route's limit, as middleware: takes a turn of `policy` for the client's address and the account that
 * `account` names (an e-mail in the body, the signed-in user), before the route runs; 429 when one is used
 * up. A turn is given back when it should not count: a failures-only policy's when the route succeeds, an
 * accepted-only policy's when it refuses, and any turn the server was too busy to serve (503).
 */
export function rateLimit<E extends LimitedEnv>(
  policy: PolicyName,
  account: (c: Context<E>) => string | null | Promise<string | null>,
): MiddlewareHandler<E> {
  const windows: Policy = RATE_LIMITS[policy];
  const { failuresOnly, acceptedOnly, unit } = windows;
  const limited: MiddlewareHandler<E> = async (c, next) => {
    const { limiter } = c.var;
    if (!limiter.options.enabled) return next();
    const cost = unit === "bytes" ? bodyBytes(c) : 1;
    const turn = await limiter.take(policy, clientIp(c, limiter.options.trustProxy), await account(c), cost);
    if (!turn.allowed) return tooMany(c, turn.retryAfter, windows);
    await next();
    const status = c.res.status;
    if ((failuresOnly && status < 400) || (acceptedOnly && status >= 400) || status === 503)
      await turn.release();
  };
  return answering(limited, {
    429: {
      description: limitDescription(policy),
      headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait" }) }),
      content: { "application/json": { schema: ApiErrorSchema } },
    },
  });
}

/** A limit as the API document states it: "Too many photo uploads (30 per account an hour); wait ...". */
export function limitDescription(policy: PolicyName): string {
  const { what, failuresOnly, acceptedOnly, unit, perAccountAndIp, perAccount, perIp }: Policy =
    RATE_LIMITS[policy];
  const amount = (count: number) =>
    unit !== "bytes" ? String(count) : count >= GB ? `${count / GB} GB` : `${count / MB} MB`;
  const period = (minutes: number) =>
    minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
  const per = (window: Window | undefined, whose: string) =>
    window ? [`${amount(window.count)} per ${whose} in ${period(window.minutes)}`] : [];
  const windows = [
    ...per(perAccountAndIp, "account and address"),
    ...per(perAccount, "account"),
    ...per(perIp, "address"),
  ].join(", ");
  const counted = failuresOnly
    ? "; only failures count"
    : acceptedOnly
      ? "; only accepted requests count, by their Content-Length"
      : "";
  return `Too many ${what} (at most ${windows}${counted}); wait the number of seconds in Retry-After`;
}
