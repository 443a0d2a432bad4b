import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The newest `pg_dump` on this machine: PG_BIN_DIR, then Debian's /usr/lib/postgresql/<version>/bin, then
 * the PATH. pg_dump refuses a server newer than itself, so the newest is the one most likely to do.
 */
function findPgDump(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const root = "/usr/lib/postgresql";
  if (existsSync(root))
    candidates.push(
      ...readdirSync(root)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(root, version, "bin")),
    );
  candidates.push(...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean));
  for (const dir of candidates) if (existsSync(path.join(dir, "pg_dump"))) return path.join(dir, "pg_dump");
  return null;
}

const PG_DUMP_MISSING =
  "pg_dump was not found. Install PostgreSQL's client programs (Debian/Ubuntu: apt-get install -y postgresql-client) or set PG_BIN_DIR to their folder.";

/**
 * A plain SQL dump of the server's database by pg_dump: one consistent snapshot, taken while the site keeps
 * serving (ADR 046). Rows as INSERT statements, so the embedded database can load it too. The password
 * goes to pg_dump in its environment, never on its command line where any user of the machine could read it.
 */
export async function dumpServer(databaseUrl: string): Promise<string> {
  const pgDump = findPgDump();
  if (!pgDump) throw new Error(PG_DUMP_MISSING);
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const child = spawn(
    pgDump,
    ["--no-owner", "--no-privileges", "--inserts", "--format=plain", `--dbname=${url.toString()}`],
    {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const out: Buffer[] = [];
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`pg_dump failed (exit ${code}): ${err.trim()}`);
  // Recent pg_dump releases fence the script with psql's \restrict (its first command) and \unrestrict
  // (its last), which keep psql from running meta-commands hidden in the data. The script is run as SQL
  // here, never by psql: those two lines go, and only those, as a value may hold such a line.
  const lines = Buffer.concat(out).toString("utf8").split("\n");
  const first = lines.findIndex((line) => line.startsWith("\\restrict "));
  const last = lines.findLastIndex((line) => line.startsWith("\\unrestrict "));
  if (last > first && first >= 0) lines.splice(last, 1);
  if (first >= 0) lines.splice(first, 1);
  return lines.join("\n");
}
