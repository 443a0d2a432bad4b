/**
 * What `npm run bench -- http` and `-- members` share: autocannon at 50 connections for BENCH_SECONDS,
 * the bare node:http server (bench/bare-server.mjs) each request is measured beside, and means of rounds.
 */
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { projectRoot } from "./support.ts";

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Which databases to measure on: BENCH_DRIVERS=pglite,postgres (the default: both). */
export const DRIVERS = (process.env.BENCH_DRIVERS ?? "pglite,postgres").split(",");
export const CONNECTIONS = 50;
/**
 * How many rounds each server is measured in, taking turns (BENCH_ROUNDS, 2 unless set): on a machine
 * whose speed moves between rounds, more rounds give a steadier mean.
 */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));

export interface Measured {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  /**
   * Microseconds of CPU the server's process (every thread of it) spent a request, when its pid was
   * given: unlike requests a second, it does not move with how much of the machine the load generator
   * and its neighbours leave the server.
   */
  cpuPerRequest: number;
}

/** CPU time a process has used so far, in microseconds (Linux's /proc; 0 where there is none). */
function cpuOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** One request's shape, for a request that is not a plain GET. */
export interface RequestShape {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

/**
 * `url` asked by CONNECTIONS connections for SECONDS; errors are failures, timeouts and non-2xx. With
 * `pid`, the server's CPU a request too.
 */
export async function measure(url: string, request?: RequestShape, pid?: number): Promise<Measured> {
  const cpuBefore = cpuOf(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
    ...request,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuPerRequest: result.requests.total > 0 ? (cpuOf(pid) - cpuBefore) / result.requests.total : 0,
  };
}

export function mean(values: Measured[]): Measured {
  const sum = (pick: (m: Measured) => number) => values.reduce((total, m) => total + pick(m), 0);
  return {
    requestsPerSecond: sum((m) => m.requestsPerSecond) / values.length,
    p99: sum((m) => m.p99) / values.length,
    errors: sum((m) => m.errors),
    cpuPerRequest: sum((m) => m.cpuPerRequest) / values.length,
  };
}

/** The bare server, answering what `answersFile` recorded for each path, once it listens on `port`. */
export async function startBare(answersFile: string, port: number): Promise<ChildProcess> {
  const child = fork(path.join(projectRoot, "bench/bare-server.mjs"), [answersFile, String(port)], {
    stdio: "inherit",
  });
  await new Promise((resolve) => child.once("message", resolve));
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
