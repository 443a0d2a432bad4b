import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Ports for the servers that tests start as processes, which are told their port before they bind it.
 * A port the system chose (bind to 0, then close) could be taken in between: by an outgoing connection,
 * whose local port comes from the same ephemeral range, or by another test file doing the same. These
 * come from below that range, where the system never picks one, from a block of its own for each test
 * worker, counted on so one worker never hands a port out twice in a row, and only where nothing listens.
 */
const BLOCK = 1_000;
const BLOCKS = 10;

/** The lowest ephemeral port (Linux's default range starts at 32768). */
function ephemeralStart(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

const first = ephemeralStart() - BLOCK * BLOCKS;
/** Vitest numbers its workers from 1; the runner's own process (global setups) and others take block 0. */
const worker = Number(process.env.VITEST_POOL_ID ?? process.env.TEST_PARALLEL_INDEX ?? 0) % BLOCKS;
let next = Math.floor(Math.random() * BLOCK);

function listensFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  // Where the ephemeral range starts too low to leave room below it, the system's choice is all there is.
  if (first < 1024) return systemPort();
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = first + worker * BLOCK + (next++ % BLOCK);
    if (await listensFree(port)) return port;
  }
  throw new Error(`No free port in ${first + worker * BLOCK}-${first + (worker + 1) * BLOCK - 1}`);
}

function systemPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
