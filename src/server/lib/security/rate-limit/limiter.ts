import { createHash } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../metrics.ts";
import { isNewAccount } from "../../rules/newcomers.ts";
import { isLoopback } from "../client-ip.ts";
import {
  asList,
  type Policy,
  type PolicyName,
  RATE_LIMITS,
  WHOSE,
  type Windows,
  windowInWords,
} from "./policies.ts";
import { type LimitKey, RateLimitStore, type Turn } from "./store.ts";

/** Keys are hashed: the table then holds no e-mail or address, and every key has the same size. */
function limitKey(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url");
}

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
  ip: ["ip", WHOSE.ip],
  account: ["account", WHOSE.account],
  // The same count as an older account's window of the same length: only the words differ.
  newAccount: ["account", WHOSE.newAccount],
  accountAndIp: ["account+ip", WHOSE.accountAndIp],
  device: ["device", WHOSE.device],
} satisfies Record<string, [string, string]>;

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
