import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, processInfo } from "./data-dir-lock.ts";
import { DatabaseUnavailableError } from "./database.ts";

/** The lock on DATA_DIR never outlives its process, and still keeps a second live server out (ADR 014). */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), "garden-lock-"));
const lockOf = (dir: string) => path.join(dir, "server.lock");

/** A live process that is not this one, as another server would be. */
async function otherProcess(script = "exec sleep 30") {
  const child = spawn("sh", ["-c", script], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  await new Promise<void>((resolve) => child.once("spawn", () => resolve()));
  return child;
}

/** A live Node.js process whose command line is the built server's, as an earlier release's server ran. */
async function serverLikeProcess() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)", "dist/server/server.mjs"], {
    stdio: "ignore",
  });
  children.push(child);
  await new Promise<void>((resolve) => child.once("spawn", () => resolve()));
  return child;
}

function writeLock(dir: string, pid: number, start: string | null) {
  writeFileSync(lockOf(dir), JSON.stringify({ pid, start }));
}

describe("the DATA_DIR lock", () => {
  it("is created exclusively, names this process, and is removed on release", () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    const held = JSON.parse(readFileSync(lockOf(dir), "utf8"));
    expect(held).toEqual({ pid: process.pid, start: processInfo(process.pid)?.start });
    release();
    expect(existsSync(lockOf(dir))).toBe(false);
  });

  it("refuses while another live server holds it, with a message naming the pid and the folder", async () => {
    const dir = freshDir();
    const other = await otherProcess();
    const pid = other.pid as number;
    writeLock(dir, pid, processInfo(pid)?.start ?? null);
    expect(() => acquireDataDirLock(dir)).toThrow(DatabaseUnavailableError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `The embedded database in ${dir} is in use by another Gardening Community server (pid ${pid}).`,
    );
    // The refused start left the other server's lock alone.
    expect(JSON.parse(readFileSync(lockOf(dir), "utf8")).pid).toBe(pid);
  });

  it("takes over the lock of a process that was killed", async () => {
    const dir = freshDir();
    const other = await otherProcess();
    const pid = other.pid as number;
    writeLock(dir, pid, processInfo(pid)?.start ?? null);
    const exited = new Promise((resolve) => other.once("exit", resolve));
    other.kill("SIGKILL");
    await exited;
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockOf(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock whose pid now belongs to another process (pid reuse)", async () => {
    const dir = freshDir();
    const other = await otherProcess();
    writeLock(dir, other.pid as number, "1");
    acquireDataDirLock(dir)();
  });

  it("takes over the lock of a zombie: exited, not yet reaped by its parent", async () => {
    const dir = freshDir();
    // sh starts a child, then becomes `sleep`, which never reaps. The child is killed only after the
    // exec, so the shell cannot have reaped it first: it stays a zombie until its parent ends.
    const parent = await otherProcess("sleep 60 & echo $!; exec sleep 30");
    const child = await new Promise<number>((resolve) =>
      parent.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const commOf = (pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      } catch {
        return null;
      }
    };
    await expect.poll(() => commOf(parent.pid as number), { timeout: 5000 }).toBe("sleep");
    process.kill(child, "SIGKILL");
    await expect.poll(() => processInfo(child)?.state, { timeout: 5000 }).toBe("Z");
    writeLock(dir, child, processInfo(child)?.start ?? null);
    acquireDataDirLock(dir)();
  });

  it("takes over an old lock holding a bare pid of a dead process", async () => {
    const dir = freshDir();
    const other = await otherProcess();
    const pid = other.pid as number;
    const exited = new Promise((resolve) => other.once("exit", resolve));
    other.kill("SIGKILL");
    await exited;
    writeFileSync(lockOf(dir), String(pid));
    acquireDataDirLock(dir)();
  });

  it("takes over an old lock holding a bare pid that a process started since has reused", async () => {
    const dir = freshDir();
    const other = await otherProcess();
    writeFileSync(lockOf(dir), String(other.pid));
    // The lock was written an hour ago, long before the process now holding that pid started.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(lockOf(dir), anHourAgo, anHourAgo);
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockOf(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("refuses an old lock holding the bare pid of a live server that wrote it", async () => {
    const dir = freshDir();
    const other = await serverLikeProcess();
    writeFileSync(lockOf(dir), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DatabaseUnavailableError);
    expect(readFileSync(lockOf(dir), "utf8")).toBe(String(other.pid));
    writeLock(dir, other.pid as number, null);
    expect(() => acquireDataDirLock(dir)).toThrow(DatabaseUnavailableError);
  });

  it.each([
    ["1", "1"],
    ['{"pid":1,"start":null}', "1 in an earlier release's JSON"],
  ])("takes over an old lock naming a live process that is no server of ours (%s: %s)", (text) => {
    // pid 1 is the system's init, alive since boot: before any lock was written.
    const dir = freshDir();
    writeFileSync(lockOf(dir), text);
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockOf(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over an old lock naming a live shell, not a server", async () => {
    const dir = freshDir();
    const other = await otherProcess();
    writeFileSync(lockOf(dir), String(other.pid));
    acquireDataDirLock(dir)();
  });
});
