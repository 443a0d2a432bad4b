import { timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

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
  private readonly requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly caches = new Counter({
    name: "garden_cache_lookups_total",
    help: "Answers looked up in the server's caches: hits answered from memory, misses built by the app",
    labelNames: ["cache", "result"] as const,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: "garden_rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit, by policy",
    labelNames: ["policy"] as const,
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
  }

  /**
   * The count and the timer of each method, route and status, found once and kept: a request then
   * costs an increment and an observation, not a lookup of its labels in each. Routes are patterns, so
   * there are few; should the kept ones grow past bounds they are dropped and found again.
   */
  private readonly perRequestKind = new Map<
    string,
    { count: { inc(): void }; time: { observe(value: number): void } }
  >();

  request(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let kind = this.perRequestKind.get(key);
    if (kind === undefined) {
      if (this.perRequestKind.size >= 1000) this.perRequestKind.clear();
      kind = {
        count: this.requests.labels(method, route, String(status)),
        time: this.durations.labels(method, route),
      };
      this.perRequestKind.set(key, kind);
    }
    kind.count.inc();
    kind.time.observe(seconds);
  }

  cacheLookup(cache: CacheName, hit: boolean): void {
    this.caches.inc({ cache, result: hit ? "hit" : "miss" });
  }

  refused(policy: string): void {
    this.refusals.inc({ policy });
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
