import { describe, expect, it } from "vitest";
import { WriteBatch } from "./write-batch.ts";

/** A writer the test lets finish by hand; it records each statement's items. */
function heldWriter(fail?: (items: number[]) => boolean) {
  const statements: number[][] = [];
  const held: Array<() => void> = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push(items);
      held.push(() =>
        fail?.(items)
          ? reject(new Error(`refused ${items.join(",")}`))
          : resolve(items.map((n) => `row ${n}`)),
      );
    });
  const finish = () => held.shift()?.();
  return { write, statements, finish };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("WriteBatch", () => {
  it("writes a lone write at once, in its own statement", async () => {
    const { write, statements, finish } = heldWriter();
    const batch = new WriteBatch(write);
    const one = batch.add(1);
    expect(statements).toEqual([[1]]);
    finish();
    await expect(one).resolves.toBe("row 1");
  });

  it("writes what arrives during a statement together in the next, each caller getting its own row", async () => {
    const { write, statements, finish } = heldWriter();
    const batch = new WriteBatch(write);
    const first = batch.add(1);
    const rest = [2, 3, 4, 5].map((n) => batch.add(n));
    expect(statements).toEqual([[1]]);
    finish();
    await flush();
    expect(statements).toEqual([[1], [2, 3, 4, 5]]);
    finish();
    await expect(first).resolves.toBe("row 1");
    await expect(Promise.all(rest)).resolves.toEqual(["row 2", "row 3", "row 4", "row 5"]);
  });

  it("puts at most `most` writes in one statement", async () => {
    const { write, statements, finish } = heldWriter();
    const batch = new WriteBatch(write, 3);
    const all = [1, 2, 3, 4, 5, 6, 7].map((n) => batch.add(n));
    for (let i = 0; i < 4; i++) {
      finish();
      await flush();
    }
    expect(statements).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
    await expect(Promise.all(all)).resolves.toHaveLength(7);
  });

  it("writes a failed batch again one by one, so only the bad write fails", async () => {
    const { write, statements, finish } = heldWriter((items) => items.includes(3));
    const batch = new WriteBatch(write);
    const first = batch.add(1);
    const rest = [2, 3, 4].map((n) => batch.add(n).catch((error: Error) => error.message));
    finish();
    await flush();
    finish(); // [2, 3, 4] fails
    await flush();
    expect(statements.slice(2)).toEqual([[2], [3], [4]]);
    finish();
    finish();
    finish();
    await expect(first).resolves.toBe("row 1");
    await expect(Promise.all(rest)).resolves.toEqual(["row 2", "refused 3", "row 4"]);
    // And goes on writing afterwards.
    const later = batch.add(8);
    await flush();
    finish();
    await expect(later).resolves.toBe("row 8");
  });
});
