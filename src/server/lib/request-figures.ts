import {
  Counter,
  Histogram,
  type MetricObjectWithValues,
  type MetricValueWithName,
  type Registry,
} from "prom-client";
import { ByRequestKind } from "./requests/request-kinds.ts";

/** Upper bounds of the request timer's buckets, in seconds. */
const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The requests of one method, route and status, counted in plain numbers. */
class Tally {
  count = 0;
  /** What the Prometheus counter has been given of `count`. */
  counted = 0;
  sum = 0;
  /** Requests per bucket (not cumulative), the last past every bound. */
  readonly buckets: number[] = new Array(BOUNDS.length + 1).fill(0);
  constructor(
    readonly method: string,
    readonly route: string,
    readonly status: string,
  ) {}

  add(seconds: number): void {
    this.count++;
    this.sum += seconds;
    let bucket = 0;
    while (bucket < BOUNDS.length && seconds > (BOUNDS[bucket] ?? Number.POSITIVE_INFINITY)) bucket++;
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
  }
}

/** The timer's labels, with the bucket's bound that each bucket's line carries. */
type RequestLabel = "method" | "route" | "le";

const TIMER = {
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method and route pattern",
  labelNames: ["method", "route"],
  buckets: BOUNDS,
} satisfies ConstructorParameters<typeof Histogram<RequestLabel>>[0];

/**
 * The request timer, read from the tallies when scraped: prom-client's own histogram checks and hashes
 * the labels at every observation, which a server answering from memory pays on every request (ADR 071).
 * Bucket by method and route, as before: the statuses' tallies are summed. What prom-client writes of a
 * histogram besides its values (name, help, type) is taken from one that never observes anything.
 */
class TalliedHistogram extends Histogram<RequestLabel> {
  private readonly shape = new Histogram<RequestLabel>({ ...TIMER, registers: [] });

  constructor(
    registry: Registry,
    private readonly tallies: () => Iterable<Tally>,
  ) {
    super({ ...TIMER, registers: [registry] });
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<RequestLabel>>> {
    const merged = new Map<
      string,
      { method: string; route: string; count: number; sum: number; buckets: number[] }
    >();
    for (const tally of this.tallies()) {
      const key = `${tally.method} ${tally.route}`;
      let into = merged.get(key);
      if (!into) {
        into = { method: tally.method, route: tally.route, count: 0, sum: 0, buckets: BOUNDS.map(() => 0) };
        merged.set(key, into);
      }
      into.count += tally.count;
      into.sum += tally.sum;
      for (let bucket = 0; bucket < BOUNDS.length; bucket++)
        into.buckets[bucket] = (into.buckets[bucket] ?? 0) + (tally.buckets[bucket] ?? 0);
    }
    const { name } = TIMER;
    const values: MetricValueWithName<RequestLabel>[] = [];
    for (const { method, route, count, sum, buckets } of merged.values()) {
      let below = 0;
      for (const [bucket, bound] of BOUNDS.entries()) {
        below += buckets[bucket] ?? 0;
        values.push({ metricName: `${name}_bucket`, labels: { le: bound, method, route }, value: below });
      }
      values.push({ metricName: `${name}_bucket`, labels: { le: "+Inf", method, route }, value: count });
      values.push({ metricName: `${name}_sum`, labels: { method, route }, value: sum });
      values.push({ metricName: `${name}_count`, labels: { method, route }, value: count });
    }
    return { ...(await this.shape.get()), values };
  }

  /** What the registry reads when it writes the text format. */
  getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<RequestLabel>>> {
    return this.get();
  }
}

/**
 * Every request counted (`http_requests_total`, by method, route and status) and timed
 * (`http_request_duration_seconds`, by method and route), as ADR 044 names them. A request costs a lookup
 * of its tally by values the server already holds (a route pattern, a method, a status: no string is
 * built) and three additions; prom-client is handed the sums only when scraped (ADR 071). Routes are
 * patterns and methods the few the HTTP parser knows, so the tallies stay few.
 */
export class RequestFigures {
  private readonly all: Tally[] = [];
  private readonly kinds = new ByRequestKind((method, route, status) => {
    const tally = new Tally(method, route, String(status));
    this.all.push(tally);
    return tally;
  });

  constructor(registry: Registry) {
    const tallies = () => this.all;
    new Counter({
      name: "http_requests_total",
      help: "Requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
      collect() {
        for (const tally of tallies()) {
          if (tally.count === tally.counted) continue;
          this.inc(
            { method: tally.method, route: tally.route, status: tally.status },
            tally.count - tally.counted,
          );
          tally.counted = tally.count;
        }
      },
    });
    new TalliedHistogram(registry, tallies);
  }

  add(method: string, route: string, status: number, seconds: number): void {
    this.kinds.get(method, route, status).add(seconds);
  }
}
