import { describe, expect, it } from "vitest";
import { defaultPhotoQueueOptions, PhotoQueue } from "./photo-queue.ts";

describe("defaultPhotoQueueOptions", () => {
  it("gives one slot per core but one (a core is left to the server), at least one, and four waiting per slot", () => {
    expect(defaultPhotoQueueOptions(2)).toEqual({ slots: 1, waiting: 4 });
    expect(defaultPhotoQueueOptions(8)).toEqual({ slots: 7, waiting: 28 });
    expect(defaultPhotoQueueOptions(1)).toEqual({ slots: 1, waiting: 4 });
  });
});

describe("PhotoQueue", () => {
  it("runs at most `slots` jobs at once, in the order they came, and admits no more than slots + waiting", async () => {
    const queue = new PhotoQueue({ slots: 2, waiting: 1 });
    const places = [queue.enter(), queue.enter(), queue.enter()];
    expect(queue.enter()).toBeNull();

    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const jobs = places.map((place, n) =>
      place?.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1]);
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1, 2]);
    for (const release of releases.splice(0)) release();
    await Promise.all(jobs);
    expect(most).toBe(2);

    // Places are given back by `leave`, once each however often it is called.
    expect(queue.enter()).toBeNull();
    for (const place of places) {
      place?.leave();
      place?.leave();
    }
    expect([queue.enter(), queue.enter(), queue.enter(), queue.enter()].filter(Boolean)).toHaveLength(3);
    expect(queue.retryAfter()).toBeGreaterThanOrEqual(1);
  });

  it("passes the slot on when a job fails", async () => {
    const queue = new PhotoQueue({ slots: 1, waiting: 1 });
    const first = queue.enter();
    const second = queue.enter();
    const failing = first?.run(async () => {
      throw new Error("not a photo");
    });
    await expect(failing).rejects.toThrow("not a photo");
    await expect(second?.run(async () => "decoded")).resolves.toBe("decoded");
  });
});
