import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseUnavailableError } from "./database.ts";

/**
 * PGlite is a single-process database: two servers on one data folder would corrupt it. A lock file
 * created exclusively (O_EXCL) names the owner by pid and process start time; a lock whose process is
 * gone, a zombie, or another process that reused the pid is stale and taken over, so a lock never
 * outlives its process (a SIGKILL included), while a second live server is refused.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "server.lock");
  const mine = JSON.stringify({ pid: process.pid, start: processInfo(process.pid)?.start ?? null });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(lockFile, mine, { flag: "wx" });
      return () => {
        // Only our own lock is removed: after a takeover the file may belong to another server.
        if (readLock(lockFile) === mine) rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const held = readLock(lockFile);
    if (held === null) continue; // removed meanwhile: try again
    const owner = parseLock(held);
    if (owner && owner.pid !== process.pid && isLiveOwner(owner, lockFile)) {
      throw new DatabaseUnavailableError(
        `The embedded database in ${dataDir} is in use by another Gardening Community server (pid ${owner.pid}). Stop it, or set DATA_DIR to another folder.`,
      );
    }
    // Stale (or ours, from an earlier open in this process): take it over, unless it changed meanwhile.
    if (readLock(lockFile) === held) rmSync(lockFile, { force: true });
  }
  throw new DatabaseUnavailableError(`Could not take the lock on ${dataDir} (${lockFile}); try again.`);
}

function readLock(lockFile: string): string | null {
  try {
    return readFileSync(lockFile, "utf8");
  } catch {
    return null;
  }
}

/** The lock's owner; an older lock holds a bare pid. */
function parseLock(text: string): { pid: number; start: string | null } | null {
  try {
    const value = JSON.parse(text) as { pid?: unknown; start?: unknown };
    if (typeof value === "number") return { pid: value, start: null };
    if (typeof value?.pid === "number")
      return { pid: value.pid, start: typeof value.start === "string" ? value.start : null };
  } catch {}
  return null;
}

/** State and start time (clock ticks since boot) of a process, from /proc on Linux; null elsewhere or when it is gone. */
export function processInfo(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3,
    // starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", start: fields[19] ?? "" };
  } catch {
    return null;
  }
}

function isLiveOwner(owner: { pid: number; start: string | null }, lockFile: string): boolean {
  if (existsSync("/proc/self/stat")) {
    const info = processInfo(owner.pid);
    if (!info) return false;
    if (info.state === "Z" || info.state === "X") return false; // exited, not yet reaped
    if (owner.start !== null) return owner.start === info.start;
    // An older release's lock names only the pid. A process that is not one of ours (init, a shell, a
    // program that has the pid after a reboot) never held it; and its server wrote the lock after it
    // started, so a process that started after the lock was written has only reused the pid.
    if (!runsGardenCode(owner.pid)) return false;
    const started = startedAtMs(info.start);
    return started === null || started <= lockWrittenAtMs(lockFile);
  }
  return isAlive(owner.pid);
}

/**
 * Whether a process is Node.js running one of the programs that open DATA_DIR (the server, `npm start`'s
 * script, the operator's commands), from /proc/<pid>/cmdline. Unreadable, it is taken to be one.
 */
function runsGardenCode(pid: number): boolean {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return true;
  }
  const [program = "", ...rest] = args;
  return (
    /^node(js)?$/.test(path.basename(program)) &&
    rest.some((arg) => /(^|\/)(server\.(mjs|ts)|start\.mjs|cli\.ts|seed-cli\.ts)$/.test(arg))
  );
}

/**
 * When a process started, in ms since the epoch, from its start in clock ticks after boot. The boot time
 * is whole seconds, rounded down, so this is never later than the real start: a live server is never
 * taken for a newer process. Linux counts these ticks at 100 a second (USER_HZ) on every common machine.
 */
function startedAtMs(startTicks: string): number | null {
  try {
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    const ticks = Number(startTicks);
    if (!Number.isFinite(bootSeconds) || bootSeconds === 0 || !Number.isFinite(ticks)) return null;
    return bootSeconds * 1000 + ticks * 10;
  } catch {
    return null;
  }
}

function lockWrittenAtMs(lockFile: string): number {
  try {
    return statSync(lockFile).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
