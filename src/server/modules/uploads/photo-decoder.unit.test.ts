import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../lib/requests/errors.ts";
import { noisyJpeg, phonePhoto } from "../../test/photo-fixtures.ts";
import { PhotoDecoder } from "./photo-decoder.ts";

/** The decoding processes this test process has started and that still run. */
function decodingProcesses(): number[] {
  const pids = readdirSync(`/proc/${process.pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${process.pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number),
  );
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("photo-worker");
    } catch {
      return false;
    }
  });
}

/** The nice value of a process: the 19th field of /proc/<pid>/stat, counted after its name. */
function niceOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

async function until<T>(look: () => T, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = look();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("PhotoDecoder", () => {
  it("decodes in a process of its own, at the lowest CPU priority, that exits once left idle", async () => {
    const before = decodingProcesses();
    const decoder = new PhotoDecoder({ idleMs: 300 });
    const decoding = decoder.process(await phonePhoto({ width: 400, height: 300 }));
    const started = await until(
      () => decodingProcesses().filter((pid) => !before.includes(pid)),
      (pids) => pids.length > 0,
    );
    expect(started).toHaveLength(1);
    const [pid = 0] = started;
    const photo = await decoding;
    expect(photo).toMatchObject({ width: 300, height: 400 });
    expect(photo.files[0]?.bytes.byteLength).toBeGreaterThan(0);
    expect(niceOf(pid)).toBe(19);
    // The same process decodes the next photo, then leaves once idle.
    await decoder.process(await phonePhoto({ width: 200, height: 100, seed: 1 }));
    expect(decodingProcesses()).toContain(pid);
    expect(await until(decodingProcesses, (pids) => !pids.includes(pid))).not.toContain(pid);
  });

  it("passes a refusal through as the client's error", async () => {
    const decoder = new PhotoDecoder({ idleMs: 100 });
    const html = new TextEncoder().encode("<!doctype html><title>not a photo</title>");
    const error = await decoder.process(html).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 415,
      message: "Choose a photo in JPEG, PNG, WebP, AVIF or HEIC format",
    });
  });

  it("refuses the photo a decoding process died with (415), and decodes the next one in a new process", async () => {
    const before = decodingProcesses();
    const decoder = new PhotoDecoder({ idleMs: 100 });
    const large = decoder.process(await noisyJpeg({ width: 4000, height: 3000 }));
    const [pid = 0] = await until(
      () => decodingProcesses().filter((p) => !before.includes(p)),
      (pids) => pids.length > 0,
    );
    process.kill(pid, "SIGKILL");
    const error = await large.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 415, message: "This file could not be read as a photo" });
    expect(await decoder.process(await phonePhoto({ width: 400, height: 300 }))).toMatchObject({
      width: 300,
    });
  });
});
