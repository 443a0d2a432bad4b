import { describe, expect, it } from "vitest";
import { recordingLogger } from "../../test/recording-logger.ts";
import { createAfterAnswerQueue } from "./after-answer.ts";

describe("createAfterAnswerQueue", () => {
  it("starts nothing before the caller is done, then runs the jobs one at a time, in order", async () => {
    const { logger } = recordingLogger();
    const queue = createAfterAnswerQueue({ limit: 10, logger });
    const events: string[] = [];
    let running = 0;
    for (const name of ["a", "b", "c"])
      queue.push(name, async () => {
        running += 1;
        events.push(`${name} starts with ${running} running`);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
      });
    events.push("caller done");
    await expect.poll(() => events.length).toBe(4);
    expect(events).toEqual([
      "caller done",
      "a starts with 1 running",
      "b starts with 1 running",
      "c starts with 1 running",
    ]);
  });

  it("logs a failed job and goes on with the next", async () => {
    const { logger, lines } = recordingLogger();
    const queue = createAfterAnswerQueue({ limit: 10, logger });
    let ran = false;
    queue.push("A password reset request", async () => {
      throw new Error("database gone");
    });
    queue.push("the next", async () => {
      ran = true;
    });
    await expect.poll(() => ran).toBe(true);
    expect(lines).toContain("A password reset request failed");
  });

  it("past its limit, drops new jobs and says so", async () => {
    const { logger, lines } = recordingLogger();
    const queue = createAfterAnswerQueue({ limit: 2, logger });
    const ran: string[] = [];
    for (const name of ["first", "second", "third"])
      queue.push(name, async () => {
        ran.push(name);
      });
    expect(lines).toEqual(["third dropped: 2 jobs already wait"]);
    await expect.poll(() => ran).toEqual(["first", "second"]);
  });
});
