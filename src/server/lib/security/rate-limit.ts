import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { PHOTO_LIMITS } from "#shared/photos.ts";
import { type ApiError, ApiErrorSchema } from "#shared/schemas/common.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { rateLimitHits } from "../../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { bodyLimitFor } from "../requests/body-limit.ts";
import { answering } from "../requests/route-needs.ts";
import { isNewAccount, NEW_ACCOUNT_MS } from "../rules/newcomers.ts";
import { clientIp, isLoopback } from "./client-ip.ts";

/** One limit: at most `count` hits per fixed window of `minutes` (a fraction for seconds: 5 / 60). */
interface Window {
  count: number;
  minutes: number;
}

/** A key to count and its limit: e.g. failed sign-ins for one account from one address. */
export interface LimitKey {
  key: string;
  window: Window;
  /** The limit in words, for a refusal: "5 per account and address in 15 minutes". */
  rule?: string;
}

/**
 * What taking a turn answered: go ahead, or wait. A turn that goes ahead ends once its attempt is over:
 * `release` when it should not count (a successful sign-in), `keep` when it should.
 */
export type Turn =
  | { allowed: true; release: () => Promise<void>; keep: () => void }
  | { allowed: false; retryAfter: number; rule?: string };

/** What counting a turn found: 0 to go ahead, else the seconds to wait, the keys and the limit that refused. */
interface Refusal {
  retryAfter: number;
  blockedBy: string[];
  rule?: string;
}

/** How long a refused turn of a failures-only policy waits for turns in flight to be given back. */
const WAIT_FOR_PENDING_MS = 15_000;

/** A window's count after the upsert in `take`, and the seconds until it ends. */
const WindowRow = z.object({ count: z.number().int(), wait: z.number().int() });

/** Keys are hashed: the table then holds no e-mail or address, and every key has the same size. */
function limitKey(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url");
}

/**
 * Fixed-window counters in the database (table rate_limit_hits), so they survive a restart and several
 * servers on one database share them. A turn is reserved before the attempt it guards, by one atomic
 * upsert per key that adds only while the window has room: fifty parallel guesses cannot all pass a
 * limit of five, because each sees the count the others already added, and a refused guess adds nothing.
 * A turn that should not count (a successful sign-in) gives its reservations back afterwards.
 */
export class RateLimitStore {
  private lastPrune = 0;
  /** Turns of this server still counting (between their first upsert and the answer), per key. */
  private readonly counting = new Map<string, number>();
  /** Turns of this server that went ahead and whose attempt is still running, per key. */
  private readonly running = new Map<string, number>();
  /** Bumped each time a running turn ends. */
  private ended = 0;
  /** Woken at every change of `counting` or `running`, to look again. */
  private waiting: Array<() => void> = [];

  constructor(private readonly db: Db) {}

  /**
   * Takes a turn on every key. With `waitForPending` (a failures-only policy), a turn refused while
   * turns of this server are still counting or running on the same keys waits for them: each may be a
   * correct attempt that gives its turn back, so ten correct sign-ins in parallel one failure short of a
   * limit go through one after another rather than nine being refused; guesses still get no more than
   * the limit checked. A turn is visible to the others from before its first upsert, so none is refused
   * for one that counted first but had not yet said so.
   */
  async take(
    keys: LimitKey[],
    { waitForPending = false, cost = 1 }: { waitForPending?: boolean; cost?: number } = {},
  ): Promise<Turn> {
    const deadline = Date.now() + WAIT_FOR_PENDING_MS;
    const names = keys.map(({ key }) => key);
    for (;;) {
      const endedBefore = this.ended;
      this.change(this.counting, names, 1);
      let outcome: Refusal;
      try {
        outcome = await this.reserve(keys, cost);
      } catch (error) {
        this.change(this.counting, names, -1);
        throw error;
      }
      const { retryAfter, blockedBy, rule } = outcome;
      this.change(this.counting, names, -1);
      if (retryAfter === 0) return this.started(names, cost);
      const refused = { allowed: false, retryAfter, rule } as const;
      if (!waitForPending) return refused;
      // Another turn still counting may be the one holding the last place: see what it becomes.
      while (!this.on(this.running, blockedBy) && this.on(this.counting, blockedBy)) {
        if (!(await this.next(deadline))) return refused;
      }
      if (this.on(this.running, blockedBy)) {
        // Wait until every running turn on these keys has ended, then count once more: guesses in
        // parallel are then refused after one more look, correct attempts get in one by one.
        while (this.on(this.running, blockedBy)) {
          if (!(await this.next(deadline))) return refused;
        }
      } else if (this.ended === endedBefore) {
        // Nothing counting or running, and nothing ended while this turn counted: the count is failures.
        return refused;
      }
    }
  }

  private on(turns: Map<string, number>, keys: string[]): boolean {
    return keys.some((key) => (turns.get(key) ?? 0) > 0);
  }

  private change(turns: Map<string, number>, keys: string[], by: 1 | -1) {
    for (const key of keys) {
      const left = (turns.get(key) ?? 0) + by;
      if (left > 0) turns.set(key, left);
      else turns.delete(key);
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }

  /** Resolves true at the next change of the turns counting or running, false if `deadline` passes first. */
  private next(deadline: number): Promise<boolean> {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), left);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /**
   * One atomic upsert per key, adding `cost` (1 for a request, its size for a limit on bytes) only where
   * the window has room; the keys it was added to are given back when another key refuses.
   */
  private async reserve(keys: LimitKey[], cost: number): Promise<Refusal> {
    const taken: string[] = [];
    const blockedBy: string[] = [];
    let retryAfter = 0;
    let rule: string | undefined;
    for (const { key, window, rule: words } of keys) {
      const rows = await rowsOf(
        this.db,
        WindowRow,
        sql`
          insert into ${rateLimitHits} (key, count, reset_at)
          values (${key}, ${cost}, now() + make_interval(secs => ${window.minutes * 60}))
          on conflict (key) do update set
            count = case when ${rateLimitHits.resetAt} <= now() then ${cost} else ${rateLimitHits.count} + ${cost} end,
            reset_at = case when ${rateLimitHits.resetAt} <= now() then excluded.reset_at else ${rateLimitHits.resetAt} end
          where ${rateLimitHits.resetAt} <= now() or ${rateLimitHits.count} + ${cost} <= ${window.count}
          returning count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as wait
        `,
      );
      const row = rows[0];
      if (row) taken.push(key);
      // No row: the window had no room and nothing was added. A row over the limit: a first request
      // bigger than the whole window (bytes), added and given back below.
      if (!row || row.count > window.count) {
        const wait = row?.wait ?? (await this.waitOf(key));
        // The refusal names the limit that lifts last.
        if (wait > retryAfter) [retryAfter, rule] = [wait, words];
        blockedBy.push(key);
      }
    }
    void this.pruneNowAndThen();
    if (retryAfter > 0) await this.give(taken, cost);
    return { retryAfter, blockedBy, rule };
  }

  /** Seconds until the window of `key` ends, at least 1. */
  private async waitOf(key: string): Promise<number> {
    const rows = await rowsOf(
      this.db,
      WindowRow,
      sql`
        select 0 as count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as wait
        from ${rateLimitHits} where key = ${key}
      `,
    );
    return rows[0]?.wait ?? 1;
  }

  private started(taken: string[], cost: number): Turn {
    this.change(this.running, taken, 1);
    let ended = false;
    // A turn is running until its reservations are given back, so a waiter never misses it.
    const finish = () => {
      this.ended += 1;
      this.change(this.running, taken, -1);
    };
    return {
      allowed: true,
      release: async () => {
        if (ended) return;
        ended = true;
        try {
          await this.give(taken, cost);
        } finally {
          finish();
        }
      },
      keep: () => {
        if (ended) return;
        ended = true;
        finish();
      },
    };
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

/** One window, or several of different lengths (5 a minute and 30 an hour), all of which must allow. */
type Windows = Window | readonly Window[];

/**
 * What one limit counts and how much of it: per client address always, and per account (and per account
 * and address) when the request names or is one. `failuresOnly` counts only attempts that fail (guessing
 * a password), otherwise every attempt (each one sends an e-mail, costs a photo decode, or reaches every
 * reader's list).
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
  perIp?: Windows;
  perAccount?: Windows;
  /** Instead of `perAccount` for a new account (newcomers.ts): free accounts cost nothing. */
  perNewAccount?: Windows;
  perAccountAndIp?: Windows;
  /**
   * For a request from a device where the account signed in before (modules/accounts/device.ts): this
   * window alone applies, so strangers using up the account's allowance elsewhere do not lock it out.
   */
  perDevice?: Window;
}

/**
 * Guessing a password. Per account and address these stop guessing one password from one place. Per
 * account across all addresses the ceiling is ten times higher, so an attacker at one address never
 * locks the owner out at another; and signing in from a device where the owner signed in before, only
 * that device's own window counts, so not even attackers at many addresses do. Per address they are
 * looser still: one address can be a whole office or school behind NAT.
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
  signIn: { what: "failed sign-in attempts", ...PASSWORD_GUESSES, perDevice: { count: 5, minutes: 15 } },
  /** change-password and verify-password, for the signed-in account. */
  passwordCheck: { what: "failed password attempts", ...PASSWORD_GUESSES },
  /**
   * Accounts are free: ten an hour from one address lets a family or a class sign up together, not a
   * script make hundreds (the unverified accounts of an address are held to three a day besides:
   * modules/accounts/sign-up-brakes.ts).
   */
  signUp: {
    what: "sign-up attempts",
    failuresOnly: false,
    perAccount: { count: 5, minutes: 10 },
    perIp: { count: 10, minutes: 60 },
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
  /**
   * A new tip is in every reader's list at once and empties the public cache. Per address looser: a
   * garden club may share from one address.
   */
  shareTip: {
    what: "new tips",
    failuresOnly: false,
    perAccount: [
      { count: 5, minutes: 1 },
      { count: 30, minutes: 60 },
    ],
    perNewAccount: [
      { count: 3, minutes: 1 },
      { count: 10, minutes: 24 * 60 },
    ],
    perIp: [
      { count: 30, minutes: 1 },
      { count: 300, minutes: 60 },
    ],
  },
  /** An edit rewrites what readers see and empties the public cache, like a new tip. */
  editTip: {
    what: "tip edits",
    failuresOnly: false,
    perAccount: [
      { count: 10, minutes: 1 },
      { count: 100, minutes: 60 },
    ],
    perIp: { count: 60, minutes: 1 },
  },
  /** A gardener page's changes: each one empties the cached pages. */
  editProfile: {
    what: "profile changes",
    failuresOnly: false,
    perAccount: [
      { count: 10, minutes: 1 },
      { count: 100, minutes: 60 },
    ],
    perIp: { count: 60, minutes: 1 },
  },
  /**
   * A comment reaches every reader of the tip. Members may talk, a few seconds apart; an account younger
   * than a day (free to make by the hundred) gets a comment a minute and 30 a day.
   */
  comment: {
    what: "comments",
    failuresOnly: false,
    acceptedOnly: true,
    perAccount: [
      { count: 1, minutes: 5 / 60 },
      { count: 30, minutes: 60 },
    ],
    perNewAccount: [
      { count: 1, minutes: 1 },
      { count: 30, minutes: 24 * 60 },
    ],
    perIp: [
      { count: 60, minutes: 1 },
      { count: 600, minutes: 60 },
    ],
  },
  /** Changing and deleting comments, together. */
  editComment: {
    what: "comment changes",
    failuresOnly: false,
    perAccount: [
      { count: 10, minutes: 1 },
      { count: 100, minutes: 60 },
    ],
    perIp: { count: 60, minutes: 1 },
  },
  /**
   * A moderator's or administrator's actions: generous for a real queue, but a stolen moderator session
   * cannot sweep the site in a minute.
   */
  moderate: {
    what: "moderation actions",
    failuresOnly: false,
    perAccount: [
      { count: 30, minutes: 1 },
      { count: 600, minutes: 60 },
    ],
    perIp: { count: 120, minutes: 1 },
  },
  /**
   * A moderator's decisions (ADR 049): a real queue's day fits in 30 an hour, and a stolen or turned
   * moderator session cannot sweep the site in an afternoon.
   */
  decide: {
    what: "moderation decisions",
    failuresOnly: false,
    acceptedOnly: true,
    perAccount: [
      { count: 10, minutes: 1 },
      { count: 30, minutes: 60 },
    ],
    perIp: { count: 60, minutes: 1 },
  },
  /**
   * Appeals and reading a decision by its e-mail link, per address: an author appeals a handful of
   * decisions, and nobody guesses a link's 256-bit token by trying.
   */
  appeal: {
    what: "appeals",
    failuresOnly: false,
    perIp: [
      { count: 10, minutes: 1 },
      { count: 60, minutes: 60 },
    ],
  },
  /** Blocking and unblocking members, together. */
  block: {
    what: "block changes",
    failuresOnly: false,
    perAccount: [
      { count: 20, minutes: 1 },
      { count: 200, minutes: 24 * 60 },
    ],
    perIp: { count: 60, minutes: 1 },
  },
  /** Liking and taking a like back, together: each toggle moves the tip in the trending list. */
  like: {
    what: "likes",
    failuresOnly: false,
    perAccount: { count: 60, minutes: 1 },
    perIp: { count: 300, minutes: 1 },
  },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof RATE_LIMITS;

/** Whose turn a request takes, when it is more than an account id or e-mail. */
export interface Counted {
  /** The account: its id, or the e-mail the request names. */
  account: string;
  /** When the account was made: a young one is held to the policy's `perNewAccount`. */
  createdAt?: Date;
  /** A device where this account signed in before, proven by its cookie: only `perDevice` applies. */
  device?: string;
}

/** Each scope a limit counts in: its part of the key, and whose count it is in words. */
const SCOPES = {
  ip: ["ip", "address"],
  account: ["account", "account"],
  // The same count as an older account's window of the same length: only the words differ.
  newAccount: ["account", `account younger than ${NEW_ACCOUNT_MS / 3_600_000} hours`],
  accountAndIp: ["account+ip", "account and address"],
  device: ["device", "device"],
} satisfies Record<string, [string, string]>;

const asList = (windows: Windows | undefined): readonly Window[] =>
  windows === undefined ? [] : "count" in windows ? [windows] : windows;

/**
 * The site's one limiter, made once per app: its store's pruning ("at most once a minute") then holds,
 * and `enabled: false` (RATE_LIMITS=off, for load tests and benchmarks) turns every limit off at once.
 */
export class Limiter {
  private readonly store: RateLimitStore;
  private warnedOfLoopback = false;

  constructor(
    db: Db,
    readonly options: { enabled: boolean; trustProxy: number },
    private readonly metrics?: Metrics,
  ) {
    this.store = new RateLimitStore(db);
  }

  /** The keys `policy` counts for this address and account. */
  keys(policy: PolicyName, ip: string, who: string | Counted | null): LimitKey[] {
    const windows: Policy = RATE_LIMITS[policy];
    const counted = typeof who === "string" ? { account: who } : who;
    const keys: LimitKey[] = [];
    // Each window of a scope is its own count; the key names its length, so an account's hour is the
    // same count whether the account is new or not.
    const add = ([scope, whose]: [string, string], list: Windows | undefined, ...parts: string[]) => {
      for (const window of asList(list))
        keys.push({
          key: limitKey(policy, scope, ...parts, String(window.minutes)),
          window,
          rule: windowInWords(window, whose, windows.unit),
        });
    };
    if (counted?.device && windows.perDevice) {
      add(SCOPES.device, windows.perDevice, counted.account, counted.device);
      return keys;
    }
    add(SCOPES.ip, windows.perIp, ip);
    if (counted) {
      const young = counted.createdAt !== undefined && isNewAccount(counted.createdAt);
      if (young && windows.perNewAccount) add(SCOPES.newAccount, windows.perNewAccount, counted.account);
      else add(SCOPES.account, windows.perAccount, counted.account);
      add(SCOPES.accountAndIp, windows.perAccountAndIp, counted.account, ip);
    }
    return keys;
  }

  /** As the configuration says: limits on unless RATE_LIMITS=off; the client address per TRUST_PROXY. */
  static forConfig(
    db: Db,
    config: { RATE_LIMIT?: boolean; TRUST_PROXY?: number },
    metrics?: Metrics,
  ): Limiter {
    return new Limiter(
      db,
      { enabled: config.RATE_LIMIT ?? true, trustProxy: config.TRUST_PROXY ?? 0 },
      metrics,
    );
  }

  /**
   * Warns once when sign-ins or sign-ups are counted against this machine's own address while no proxy is
   * trusted: behind a proxy, every visitor then shares the proxy's address and its limits.
   */
  noteAddress(policy: PolicyName, ip: string, logger: Logger): void {
    if (this.warnedOfLoopback || this.options.trustProxy > 0 || !isLoopback(ip)) return;
    if (policy !== "signIn" && policy !== "signUp") return;
    this.warnedOfLoopback = true;
    logger.warn(
      `A ${policy === "signIn" ? "sign-in" : "sign-up"} from ${ip} was counted against this machine's own address. Behind a proxy, set TRUST_PROXY to the number of proxies, or every visitor shares the proxy's address and its limits.`,
    );
  }

  async take(policy: PolicyName, ip: string, who: string | Counted | null, cost = 1): Promise<Turn> {
    const turn = await this.store.take(this.keys(policy, ip, who), {
      waitForPending: RATE_LIMITS[policy].failuresOnly,
      cost,
    });
    if (!turn.allowed) this.metrics?.refused(policy);
    return turn;
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

/** A window in words: "5 per account in a minute", "30 per account in 60 minutes", "200 MB per account in 24 hours". */
function windowInWords({ count, minutes }: Window, whose: string, unit?: "bytes"): string {
  const amount = unit !== "bytes" ? String(count) : count >= GB ? `${count / GB} GB` : `${count / MB} MB`;
  const period =
    minutes < 1
      ? `${Math.round(minutes * 60)} seconds`
      : minutes === 1
        ? "a minute"
        : minutes >= 120 && minutes % 60 === 0
          ? `${minutes / 60} hours`
          : `${minutes} minutes`;
  return `${amount} per ${whose} in ${period}`;
}

/** A limit as the API document states it: "Too many photo uploads (30 per account an hour); wait ...". */
export function limitDescription(policy: PolicyName): string {
  const {
    what,
    failuresOnly,
    acceptedOnly,
    unit,
    perAccountAndIp,
    perAccount,
    perNewAccount,
    perIp,
    perDevice,
  }: Policy = RATE_LIMITS[policy];
  const per = (windows: Windows | undefined, whose: string) =>
    asList(windows).map((window) => windowInWords(window, whose, unit));
  const windows = [
    ...per(perAccountAndIp, "account and address"),
    ...per(perAccount, "account"),
    ...per(perNewAccount, `account younger than ${NEW_ACCOUNT_MS / 3_600_000} hours`),
    ...per(perIp, "address"),
  ].join(", ");
  const device = perDevice
    ? `; from a device where the account signed in before, only ${windowInWords(perDevice, "device")}`
    : "";
  const counted = failuresOnly
    ? "; only failures count"
    : acceptedOnly
      ? unit === "bytes"
        ? "; only accepted requests count, by their Content-Length"
        : "; only accepted requests count"
      : "";
  return `Too many ${what} (at most ${windows}${device}${counted}); wait the number of seconds in Retry-After`;
}
