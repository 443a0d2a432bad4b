import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { tempDir } from "../test/server-process.ts";
import { runClockedJob, startTestClock } from "./test-clock.ts";

/**
 * The browser tests' clock: a job run for one member as at the time asked, through a socket only the
 * server's user may use; every wrong request is refused with a message and runs nothing.
 */
const dataDir = tempDir();
const runs: Array<{ at: string; userId: string }> = [];
const lines: string[] = [];
let stop: () => Promise<void>;

beforeAll(async () => {
  stop = await startTestClock({
    dataDir,
    jobs: {
      reminders: async (at, userId) => {
        runs.push({ at: at.toISOString(), userId });
        return runs.length;
      },
      broken: async () => {
        throw new Error("the outbox is full");
      },
    },
    memberByEmail: async (email) => {
      if (email === "down@example.com") throw new Error("The embedded database stopped");
      return email === "rosa@example.com" ? "user-rosa" : null;
    },
    logger: createLogger("info", (line) => lines.push(line), "json"),
  });
});
afterAll(() => stop());

describe("the test clock", () => {
  it("listens in DATA_DIR for the server's user alone, and says loudly that it is on", () => {
    const socket = path.join(dataDir, "test-clock.sock");
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(lines.join("\n")).toContain("TEST_CLOCK is on");
  });

  it("runs the job for the member asked, as at the time asked", async () => {
    const at = "2027-03-01T08:01:00.000Z";
    expect(await runClockedJob(dataDir, { job: "reminders", at, email: "rosa@example.com" })).toBe(1);
    expect(runs).toEqual([{ at, userId: "user-rosa" }]);
  });

  it("refuses an unknown job, an unknown member and a time that is not one, running nothing", async () => {
    const before = runs.length;
    await expect(
      runClockedJob(dataDir, { job: "weather", at: "2027-03-01T08:00:00Z", email: "rosa@example.com" }),
    ).rejects.toThrow('No job "weather": reminders, broken');
    await expect(
      runClockedJob(dataDir, { job: "reminders", at: "2027-03-01T08:00:00Z", email: "nobody@example.com" }),
    ).rejects.toThrow("No account has the e-mail nobody@example.com");
    await expect(
      runClockedJob(dataDir, { job: "reminders", at: "next spring", email: "rosa@example.com" }),
    ).rejects.toThrow("The body must be JSON: { job, at: an ISO time, email }");
    expect(runs.length).toBe(before);
  });

  it("answers a job's failure, or the database's, with its message, and keeps listening", async () => {
    await expect(
      runClockedJob(dataDir, { job: "broken", at: "2027-03-01T08:00:00Z", email: "rosa@example.com" }),
    ).rejects.toThrow("the outbox is full");
    await expect(
      runClockedJob(dataDir, { job: "reminders", at: "2027-03-01T08:00:00Z", email: "down@example.com" }),
    ).rejects.toThrow("The embedded database stopped");
    await expect(
      runClockedJob(dataDir, { job: "toString", at: "2027-03-01T08:00:00Z", email: "rosa@example.com" }),
    ).rejects.toThrow('No job "toString"');
    const at = "2027-03-02T08:00:00.000Z";
    const before = runs.length;
    expect(await runClockedJob(dataDir, { job: "reminders", at, email: "rosa@example.com" })).toBe(
      before + 1,
    );
  });

  it("is gone once stopped", async () => {
    const other = tempDir();
    const stopOther = await startTestClock({
      dataDir: other,
      jobs: {},
      memberByEmail: async () => null,
      logger: createLogger("silent", () => {}, "json"),
    });
    await stopOther();
    expect(existsSync(path.join(other, "test-clock.sock"))).toBe(false);
  });
});
