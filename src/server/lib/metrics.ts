import { timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { RequestFigures } from "./request-figures.ts";

/** What the database's connections are doing when scraped (the pool of a server, PGlite's one thread). */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** A cache the server answers from: kept public answers, a member's own answers, kept sessions. */
export type CacheName = "public" | "member" | "session";

/**
 * Everything the server counts, in Prometheus's text format at `/metrics` (ADR 044). One registry per
 * instance of the app, so a test reads its own figures and nothing else's. Routes are counted by their
 * pattern (`/api/tips/:id`), never by the path asked for: the label values stay few, and a token in a
 * path never reaches the scraper.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new RequestFigures(this.registry);
  /** Lookups in each cache, hits and misses, handed to the counter when scraped (ADR 071). */
  private readonly lookups: Record<
    CacheName,
    { hit: number; miss: number; counted: { hit: number; miss: number } }
  > = {
    public: { hit: 0, miss: 0, counted: { hit: 0, miss: 0 } },
    member: { hit: 0, miss: 0, counted: { hit: 0, miss: 0 } },
    session: { hit: 0, miss: 0, counted: { hit: 0, miss: 0 } },
  };
  private readonly refusals = new Counter({
    name: "garden_rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit, by policy",
    labelNames: ["policy"] as const,
    registers: [this.registry],
  });
  private readonly notificationMails = new Counter({
    name: "garden_notification_mails_total",
    help: "Notifications decided for e-mail: sent, skipped with the reason (present, read, opted_out, ...), or postponed by quiet hours",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });
  private readonly summaryMails = new Counter({
    name: "garden_summary_mails_total",
    help: "Summary e-mails decided: sent, farewell, or not sent with the reason (visited, too_few, opted_out, ...)",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });
  private readonly uploads = new Histogram({
    name: "garden_upload_bytes",
    help: "Sizes of the photos members uploaded, as sent",
    buckets: [64 * 1024, 256 * 1024, 1024 * 1024, 2 * 1024 * 1024, 5 * 1024 * 1024, 10 * 1024 * 1024],
    registers: [this.registry],
  });

  /**
   * With `processFigures`, also the process's own figures (CPU, memory, event loop delay, garbage
   * collection, handles) under their usual names: for the one Metrics of a server process, since each
   * collector keeps its own event-loop monitor and GC observer for as long as the process lives.
   */
  constructor({ processFigures = false }: { processFigures?: boolean } = {}) {
    if (processFigures) collectDefaultMetrics({ register: this.registry });
    const lookups = this.lookups;
    new Counter({
      name: "garden_cache_lookups_total",
      help: "Answers looked up in the server's caches: hits answered from memory, misses built by the app",
      labelNames: ["cache", "result"] as const,
      registers: [this.registry],
      collect() {
        for (const [cache, tally] of Object.entries(lookups))
          for (const result of ["hit", "miss"] as const) {
            if (tally[result] === tally.counted[result]) continue;
            this.inc({ cache, result }, tally[result] - tally.counted[result]);
            tally.counted[result] = tally[result];
          }
      },
    });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.add(method, route, status, seconds);
  }

  cacheLookup(cache: CacheName, hit: boolean): void {
    this.lookups[cache][hit ? "hit" : "miss"]++;
  }

  refused(policy: string): void {
    this.refusals.inc({ policy });
  }

  /** A notification's e-mail decided: `sent`, or the reason it was skipped. */
  notificationMail(result: string, count = 1): void {
    this.notificationMails.inc({ result }, count);
  }

  summaryMail(result: string): void {
    this.summaryMails.inc({ result });
  }

  /** Reads how many event streams are open at each scrape. */
  watchStreams(read: () => number): void {
    new Gauge({
      name: "garden_event_streams_open",
      help: "Members' live event streams open on this server",
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  uploaded(bytes: number): void {
    this.uploads.observe(bytes);
  }

  /** Reads the database's connections at each scrape. */
  watchPool(read: () => PoolUse): void {
    const registers = [this.registry];
    for (const state of ["total", "idle", "waiting"] as const) {
      new Gauge({
        name: `garden_db_connections_${state}`,
        help: {
          total: "Connections to the database open now",
          idle: "Open connections doing nothing now",
          waiting: "Queries waiting for a connection now",
        }[state],
        registers,
        collect() {
          this.set(read()[state]);
        },
      });
    }
  }

  /** Counts the e-mails waiting to be sent at each scrape; NaN (no figure) while the count fails. */
  watchMailQueue(count: () => Promise<number>): void {
    new Gauge({
      name: "garden_mail_queue_length",
      help: "E-mails written and not yet taken by the mail server",
      registers: [this.registry],
      async collect() {
        this.set(await count().catch(() => Number.NaN));
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * Whether a scrape may read the figures: with a token configured, only with `Authorization: Bearer` and
 * that token (compared in constant time); without one, only where the operator opened a port for them.
 */
export function mayScrape(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(authorization?.startsWith("Bearer ") ? authorization.slice(7) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
