import { describe, expect, it } from "vitest";
import { Metrics } from "./metrics.ts";

/** The value of one sample line in Prometheus's text format, or undefined when it is not there. */
const sample = (text: string, line: string) => {
  const found = text.split("\n").find((written) => written.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe("the request figures a scraper reads", () => {
  it("count each kind of request and time it in cumulative buckets, across scrapes", async () => {
    const metrics = new Metrics();
    metrics.request("GET", "/api/tips/:id", 200, 0.0004);
    metrics.request("GET", "/api/tips/:id", 200, 0.003);
    metrics.request("GET", "/api/tips/:id", 404, 0.02);
    metrics.request("POST", "/api/tips", 201, 12);
    let text = await metrics.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE http_requests_total counter");
    const tip = 'method="GET",route="/api/tips/:id"';
    expect(sample(text, `http_requests_total{${tip},status="200"}`)).toBe(2);
    expect(sample(text, `http_requests_total{${tip},status="404"}`)).toBe(1);
    // The timer is by method and route: both statuses' requests, in buckets that each hold those below.
    expect(sample(text, `http_request_duration_seconds_bucket{le="0.001",${tip}}`)).toBe(1);
    expect(sample(text, `http_request_duration_seconds_bucket{le="0.0025",${tip}}`)).toBe(1);
    expect(sample(text, `http_request_duration_seconds_bucket{le="0.005",${tip}}`)).toBe(2);
    expect(sample(text, `http_request_duration_seconds_bucket{le="0.025",${tip}}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${tip}}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_count{${tip}}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_sum{${tip}}`)).toBeCloseTo(0.0234, 6);
    // Past the last bound: only in +Inf.
    const post = 'method="POST",route="/api/tips"';
    expect(sample(text, `http_request_duration_seconds_bucket{le="10",${post}}`)).toBe(0);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${post}}`)).toBe(1);

    // A second scrape adds what came since, and nothing twice.
    metrics.request("GET", "/api/tips/:id", 200, 0.0004);
    text = await metrics.text();
    expect(sample(text, `http_requests_total{${tip},status="200"}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_count{${tip}}`)).toBe(4);
    text = await metrics.text();
    expect(sample(text, `http_requests_total{${tip},status="200"}`)).toBe(3);
  });

  it("count cache lookups by cache and result, across scrapes", async () => {
    const metrics = new Metrics();
    metrics.cacheLookup("public", true);
    metrics.cacheLookup("public", true);
    metrics.cacheLookup("session", false);
    let text = await metrics.text();
    expect(sample(text, 'garden_cache_lookups_total{cache="public",result="hit"}')).toBe(2);
    expect(sample(text, 'garden_cache_lookups_total{cache="session",result="miss"}')).toBe(1);
    expect(sample(text, 'garden_cache_lookups_total{cache="member",result="hit"}')).toBeUndefined();
    metrics.cacheLookup("public", true);
    text = await metrics.text();
    expect(sample(text, 'garden_cache_lookups_total{cache="public",result="hit"}')).toBe(3);
  });
});
