import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports.ts";

/** Where Debian, Ubuntu and most Linux packages put the PostgreSQL server programs. */
export function findPostgresBinDir(): string | null {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, "pg_ctl"))) return fromEnv;
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(path.join(root, name, "bin", "pg_ctl")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], "bin");
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, "pg_ctl")) && existsSync(path.join(dir, "initdb"))) return dir;
  }
  return null;
}

const POSTGRES_MISSING_MESSAGE =
  "No PostgreSQL server programs (initdb, pg_ctl) were found. Install them (Debian/Ubuntu: apt-get install -y postgresql; macOS: brew install postgresql) or set PG_BIN_DIR to their folder, or set DATABASE_URL to a PostgreSQL server whose user may create databases.";

export interface RunningCluster {
  url: string;
  stop(): Promise<void>;
  /** Shuts the server down as an operator's restart does (`pg_ctl stop -m fast`), keeping its data. */
  pause(): Promise<void>;
  /** Starts it again on the same port and data, once it accepts connections. */
  resume(): Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL cluster on 127.0.0.1 with a random port, in a temporary folder that is
 * removed on stop. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startThrowawayCluster(): Promise<RunningCluster> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error(POSTGRES_MISSING_MESSAGE);
  const isRoot = process.getuid?.() === 0;
  const runAs = (command: string, args: string[]) =>
    isRoot ? { cmd: "runuser", args: ["-u", "postgres", "--", command, ...args] } : { cmd: command, args };
  let uid: number | undefined;
  let gid: number | undefined;
  if (isRoot) {
    try {
      uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
      gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    } catch {
      throw new Error(
        "Running as root, PostgreSQL needs a `postgres` user to run as (useradd --system postgres)",
      );
    }
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), "garden-pg-"));
  if (uid !== undefined && gid !== undefined) chownSync(dir, uid, gid);
  const dataDir = path.join(dir, "data");
  const initdb = runAs(path.join(binDir, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
    "--locale=C",
  ]);
  execFileSync(initdb.cmd, initdb.args, { stdio: "pipe" });

  const port = await freePort();
  const postgres = runAs(path.join(binDir, "postgres"), [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=200",
  ]);
  let child: ChildProcess;
  let stderr = "";
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pg = (await import("pg")).default;
  const launch = async () => {
    stderr = "";
    child = spawn(postgres.cmd, postgres.args, { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`PostgreSQL exited at start: ${stderr.trim()}`);
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
        if (Date.now() > deadline)
          throw new Error(`PostgreSQL did not accept connections within 30 s: ${stderr.trim()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const halt = async (mode: "fast" | "immediate") => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const stop = runAs(path.join(binDir, "pg_ctl"), ["-D", dataDir, "stop", "-m", mode, "-w"]);
    try {
      execFileSync(stop.cmd, stop.args, { stdio: "ignore" });
    } catch {
      child.kill("SIGKILL");
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    child.stderr?.destroy();
  };
  await launch();

  return {
    url,
    async stop() {
      await halt("immediate");
      rmSync(dir, { recursive: true, force: true });
    },
    pause: () => halt("fast"),
    resume: launch,
  };
}
