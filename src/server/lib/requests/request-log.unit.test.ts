import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { Metrics } from "../metrics.ts";
import { observeRequests } from "./request-log.ts";

/** A server's watch, the lines it wrote and its metrics. */
function watching() {
  const lines: string[] = [];
  const metrics = new Metrics();
  const observe = observeRequests({
    logger: createLogger("info", (line) => lines.push(line)),
    metrics,
    trustProxy: false,
  });
  return { lines, metrics, observe };
}

/** A request the server took and an answer that went (or a client that left first). */
function answered(
  route: string,
  { status = 200, sent = true, account }: { status?: number; sent?: boolean; account?: string } = {},
) {
  const { lines, metrics, observe } = watching();
  const res = Object.assign(new EventEmitter(), {
    statusCode: status,
    writableFinished: sent,
    errored: null,
  });
  const req = { method: "GET", headers: {} } as IncomingMessage;
  const note = observe.begin(req);
  observe.follow(req, res as unknown as ServerResponse, note);
  note.route = route;
  if (account) note.account = account;
  res.emit("close");
  return { lines, note, metrics };
}

describe("the request line", () => {
  it("is one JSON object with the fields every line has, then the request's", () => {
    const { lines, note } = answered("/api/tips/:id", { account: "acc-1" });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? "");
    expect(Object.keys(line)).toEqual([
      "level",
      "time",
      "reqId",
      "method",
      "route",
      "status",
      "ms",
      "account",
      "msg",
    ]);
    expect(line).toMatchObject({
      level: "info",
      reqId: note.id,
      method: "GET",
      route: "/api/tips/:id",
      status: 200,
    });
    expect(new Date(line.time).toISOString()).toBe(line.time);
    expect(line.msg).toBe(`GET /api/tips/:id 200 ${line.ms} ms`);
  });

  it("stays one line of valid JSON whatever a route's name holds", () => {
    const odd = 'a "quoted" \\ route\nwith\u2028breaks\u0085and\u0000controls';
    for (const status of [200, 404]) {
      const { lines } = answered(odd, { status });
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toMatch(/[\n\r\u0085\u2028\u2029]/);
      const line = JSON.parse(lines[0] ?? "");
      expect(line.route).toBe(odd);
      expect(line.msg).toBe(`GET ${odd} ${status} ${line.ms} ms`);
    }
  });

  it("says 499 for a client that left before the answer, and counts it", async () => {
    const { lines, metrics } = answered("/api/tips", { sent: false });
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ status: 499, level: "info" });
    expect(await metrics.registry.metrics()).toContain(
      'http_requests_total{method="GET",route="/api/tips",status="499"} 1',
    );
  });

  it("is written at once for an answer sent whole from memory, with the status sent", async () => {
    const { lines, metrics, observe } = watching();
    const req = { method: "GET", headers: {} } as IncomingMessage;
    const note = observe.begin(req);
    note.route = "/api/tips";
    note.cache = "hit";
    observe.sent(req, 304, note);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ status: 304, route: "/api/tips", cache: "hit" });
    const text = await metrics.registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/api/tips",status="304"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/tips"} 1');
  });

  it("writes a server's fault at error and a polled route at debug, which info leaves out", () => {
    expect(JSON.parse(answered("/api/tips", { status: 500 }).lines[0] ?? "")).toMatchObject({
      level: "error",
    });
    expect(JSON.parse(answered("/api/tips", { status: 503 }).lines[0] ?? "")).toMatchObject({
      level: "warn",
    });
    expect(answered("/api/health", { status: 503 }).lines).toEqual([]);
  });
});
