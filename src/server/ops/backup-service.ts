import { chmodSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer, request } from "node:http";
import path from "node:path";
import type { Database } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";
import { runEvery } from "../lib/periodic.ts";
import type { PhotoStorage } from "../storage/photo-storage.ts";
import { type BackupSummary, writeBackup } from "./backup.ts";

/** The socket in DATA_DIR through which `npm run backup` asks the running server for a backup (ADR 046). */
const controlSocketOf = (dataDir: string) => path.join(dataDir, "control.sock");

/** The longest socket path Linux and macOS accept (sun_path), less the terminating byte. */
const SOCKET_PATH_MAX = 103;

/** A backup file's name: when it was taken, in UTC, so the names sort by age. */
export function backupName(at = new Date()): string {
  return `garden-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.tar.gz`;
}

const BACKUP_FILE = /^garden-\d{8}T\d{6}Z\.tar\.gz$/;

/**
 * Where a backup asked for is written: `out` when it names a file, a new name inside it when it names a
 * folder (one that exists, or any path ending in /), a new name in `backupDir` without it. Absolute, so
 * the running server writes where the operator's shell meant.
 */
export function backupFile(out: string | undefined, backupDir: string): string {
  if (!out) return path.resolve(backupDir, backupName());
  const isFolder = /[/\\]$/.test(out) || (existsSync(out) && statSync(out).isDirectory());
  return path.resolve(isFolder ? path.join(out, backupName()) : out);
}

/** Removes the oldest backups in `dir` beyond the newest `keep`; returns the names removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir)
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .reverse();
  const removed = names.slice(keep);
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

export interface BackupServiceOptions {
  database: Database;
  storage: PhotoStorage;
  dataDir: string;
  backupDir: string;
  /** How often to take a backup on its own, in milliseconds; none means only when asked. */
  everyMs?: number;
  keep: number;
  logger: Logger;
}

/**
 * The server's side of backups: it answers `npm run backup` on DATA_DIR/control.sock (the embedded
 * database can only be read by the process that holds it), and takes one every BACKUP_EVERY into
 * BACKUP_DIR, keeping the newest BACKUP_KEEP. One backup at a time; a second request waits its turn.
 */
export async function startBackupService(options: BackupServiceOptions): Promise<() => Promise<void>> {
  const { database, storage, dataDir, backupDir, keep, logger } = options;
  let turn: Promise<unknown> = Promise.resolve();
  const backUp = (file: string): Promise<BackupSummary> => {
    const next = turn.then(() => writeBackup({ database, storage, dataDir }, file));
    turn = next.catch(() => {});
    return next;
  };

  const socketPath = controlSocketOf(dataDir);
  const control = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/backup") return answer(404, { message: "POST /backup only" });
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on("end", () => {
      let file: string;
      try {
        const asked = (JSON.parse(text || "{}") as { file?: unknown }).file;
        file = backupFile(typeof asked === "string" ? asked : undefined, backupDir);
      } catch {
        return answer(400, { message: "The body must be JSON: { file?: string }" });
      }
      backUp(file).then(
        (summary) => {
          logger.info(`Backup written to ${summary.file} (${summary.bytes} bytes), as asked`);
          answer(200, summary);
        },
        (error: unknown) => {
          logger.error("A backup asked for failed", error);
          answer(500, { message: error instanceof Error ? error.message : String(error) });
        },
      );
    });
  });
  let listening = false;
  if (socketPath.length > SOCKET_PATH_MAX)
    logger.warn(
      `DATA_DIR's path is too long for the backup socket (${socketPath}): npm run backup works only while the site is stopped`,
    );
  else {
    // A socket left by a server that was killed; the DATA_DIR lock says no other server uses this folder.
    rmSync(socketPath, { force: true });
    await new Promise<void>((resolve, reject) => {
      control.once("error", reject);
      control.listen({ path: socketPath, readableAll: false, writableAll: false }, () => resolve());
    });
    // Whoever may connect may have a backup written: the site's own user only.
    chmodSync(socketPath, 0o600);
    listening = true;
  }

  let stopSchedule: (() => void) | undefined;
  if (options.everyMs) {
    await mkdir(backupDir, { recursive: true });
    stopSchedule = runEvery({
      name: "A scheduled backup",
      everyMs: options.everyMs,
      firstAfterMs: options.everyMs,
      logger,
      run: async () => {
        const summary = await backUp(path.join(backupDir, backupName()));
        const removed = pruneBackups(backupDir, keep);
        logger.info(
          `Scheduled backup written to ${summary.file} (${summary.bytes} bytes)${removed.length ? `; removed ${removed.join(", ")}` : ""}`,
        );
      },
    });
  }

  return async () => {
    stopSchedule?.();
    if (listening) await new Promise<void>((resolve) => control.close(() => resolve()));
    await turn;
  };
}

/**
 * Asks the server running on `dataDir` for a backup into `file` (its own name in BACKUP_DIR without one).
 * Null when no server answers there.
 */
export function askServerForBackup(dataDir: string, file?: string): Promise<BackupSummary | null> {
  const socketPath = controlSocketOf(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: "/backup", method: "POST" }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on("end", () => {
        const body = JSON.parse(text || "{}") as BackupSummary & { message?: string };
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(body.message ?? `the server answered ${res.statusCode}`));
      });
    });
    // A socket file nobody listens on: a server that was killed. Then the database is free to open.
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" || error.code === "ENOENT" ? resolve(null) : reject(error),
    );
    req.end(JSON.stringify(file ? { file: path.resolve(file) } : {}));
  });
}
