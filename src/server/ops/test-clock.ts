import { chmodSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";

/**
 * The browser tests' clock (ADR 086): with TEST_CLOCK=on the server listens on DATA_DIR/test-clock.sock,
 * readable by its own user only, and runs one scheduled job for one member as at the time asked (a
 * bookmark's day, a summary's slot), so a test neither waits for a sweep nor moves the time of the rest
 * of the site under the tests running beside it. Off (the default), nothing listens.
 */
const socketOf = (dataDir: string) => path.join(dataDir, "test-clock.sock");

/** The longest socket path Linux and macOS accept (sun_path), less the terminating byte. */
const SOCKET_PATH_MAX = 103;

/** A scheduled job, run as at `at` for the member `userId` only; answers what it did. */
type ClockedJob = (at: Date, userId: string) => Promise<unknown>;

const RunRequest = z.object({
  job: z.string(),
  at: z.iso.datetime({ offset: true }),
  email: z.email(),
});
export type RunRequest = z.infer<typeof RunRequest>;

export interface TestClockOptions {
  dataDir: string;
  jobs: Record<string, ClockedJob>;
  /** The account's id for an e-mail address, or null. */
  memberByEmail: (email: string) => Promise<string | null>;
  logger: Pick<Logger, "warn" | "error">;
}

/** The account with an e-mail address, looked up in `db`: the member a test asks a job for. */
export const memberByEmailIn =
  (db: Db) =>
  async (email: string): Promise<string | null> => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    return row?.id ?? null;
  };

/** Starts listening; answers the function that stops it. */
export async function startTestClock({
  dataDir,
  jobs,
  memberByEmail,
  logger,
}: TestClockOptions): Promise<() => Promise<void>> {
  const socketPath = socketOf(dataDir);
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(text);
    };
    if (req.method !== "POST" || req.url !== "/run") return answer(404, { message: "POST /run only" });
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    // Whatever fails here is answered, never left to take the server down with it.
    req.on("end", () =>
      run(text)
        .then(({ status, body }) => answer(status, body))
        .catch((error: unknown) => {
          logger.error("The test clock's run failed", error);
          if (!res.headersSent)
            answer(500, { message: error instanceof Error ? error.message : String(error) });
          else res.destroy();
        }),
    );
  });
  const run = async (text: string): Promise<{ status: number; body: unknown }> => {
    let asked: RunRequest;
    try {
      asked = RunRequest.parse(JSON.parse(text));
    } catch {
      return { status: 400, body: { message: "The body must be JSON: { job, at: an ISO time, email }" } };
    }
    const job = Object.hasOwn(jobs, asked.job) ? jobs[asked.job] : undefined;
    if (!job)
      return { status: 400, body: { message: `No job "${asked.job}": ${Object.keys(jobs).join(", ")}` } };
    const userId = await memberByEmail(asked.email);
    if (!userId) return { status: 404, body: { message: `No account has the e-mail ${asked.email}` } };
    const result = await job(new Date(asked.at), userId);
    return { status: 200, body: { job: asked.job, at: asked.at, result } };
  };
  if (socketPath.length > SOCKET_PATH_MAX)
    throw new Error(`DATA_DIR's path is too long for the test clock's socket (${socketPath})`);
  rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ path: socketPath, readableAll: false, writableAll: false }, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  logger.warn(`TEST_CLOCK is on: ${socketPath} runs scheduled jobs at any time asked. Never on a real site.`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Asks the server on `dataDir` to run a job; answers its result, or throws the server's message. */
export function runClockedJob(dataDir: string, body: RunRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socketOf(dataDir), path: "/run", method: "POST" }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on("end", () => {
        try {
          const answer = JSON.parse(text || "{}") as { result?: unknown; message?: string };
          if (res.statusCode === 200) resolve(answer.result);
          else reject(new Error(answer.message ?? `the test clock answered ${res.statusCode}`));
        } catch {
          reject(new Error(`the test clock answered ${res.statusCode} with no JSON`));
        }
      });
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}
