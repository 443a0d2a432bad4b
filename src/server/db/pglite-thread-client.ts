import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { projectRoot } from "../lib/paths.ts";
import type { ErrorFields, ThreadAnswer, ThreadRequest, ThreadStart } from "./pglite-thread-protocol.ts";

/** What drizzle's PGlite driver asks of its client and of a transaction: statements. */
export interface PGliteStatements {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<unknown>;
}

interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, unknown>;
}

interface Results<T> {
  rows: T[];
  affectedRows?: number;
  fields: Array<{ name: string; dataTypeID: number }>;
}

type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

let compiled: Promise<URL> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process, and its file bundle, read once: each database's thread
 * takes them instead of reading and compiling 15 MB again (a test run opens a database per test file:
 * 0.4 s of each opening).
 */
let engine: Promise<Pick<ThreadStart, "wasmModule" | "fsBundle">> | undefined;
const pgliteEngine = () =>
  (engine ??= (async () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [wasm, fsBundle] = await Promise.all([
      readFile(path.join(dir, "pglite.wasm")),
      readFile(path.join(dir, "pglite.data")),
    ]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle };
  })().catch(() => {
    // PGlite finds and compiles its own files when handed none; the next opening tries again.
    engine = undefined;
    return {};
  }));

/**
 * The worker to start: the bundle beside this one (dist/server), or, running from the sources (development,
 * tests), pglite-thread.ts compiled by esbuild once per process into node_modules/.cache, under a name
 * made from the code it compiled to, and started without the process's own flags (`--import tsx`, an
 * `--input-type`): tsx's loader in the thread cost 0.1-0.35 s for each database opened, and the tests
 * open hundreds.
 */
async function threadEntry(): Promise<{ url: URL; execArgv?: string[] }> {
  if (!import.meta.url.endsWith(".ts")) return { url: new URL("./pglite-thread.mjs", import.meta.url) };
  compiled ??= compileThread();
  return { url: await compiled, execArgv: [] };
}

async function compileThread(): Promise<URL> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [fileURLToPath(new URL("./pglite-thread.ts", import.meta.url))],
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const cacheDir = path.join(projectRoot, "node_modules", ".cache", "garden-community");
  const file = path.join(
    cacheDir,
    `pglite-thread-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`,
  );
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    // Written under another name and renamed: a process starting a thread meanwhile never reads half of it.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return pathToFileURL(file);
}

function rebuild({ message, fields }: ErrorFields): Error {
  return Object.assign(new Error(message), fields);
}

/**
 * The embedded database, run on a thread of its own (ADR 038): PGlite's statements cost the server's
 * thread only the two messages that carry them, so requests are parsed, checked and answered on one core
 * while the database works on the other. Statements keep PGlite's order; a notification reaches the
 * listeners here before the answer of the statement or commit that made it, as it did in one thread.
 *
 * The thread keeps the process alive only while a statement is out, so a script that has finished its
 * work exits even if it never closes the database.
 */
export class PGliteThread implements PGliteStatements {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (answer: ThreadAnswer) => {
      if (answer.kind === "notify") {
        for (const listener of this.listeners.get(answer.channel) ?? []) listener(answer.payload);
        return;
      }
      if (answer.kind !== "answer" && answer.kind !== "error") return;
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if (answer.kind === "answer") waiting.resolve(answer.value);
      else waiting.reject(rebuild(answer.error));
    });
    const gone = (reason: string) => {
      this.stopped ??= new Error(`The embedded database stopped: ${reason}`);
      for (const waiting of this.pending.values()) waiting.reject(this.stopped);
      this.pending.clear();
    };
    worker.on("error", (error) => gone(error.message));
    worker.on("exit", (code) => gone(`its thread exited (${code})`));
    // After the listeners: adding a message listener holds the thread's port again.
    worker.unref();
  }

  /**
   * Starts the thread and opens the database in `dataDir` (in memory without one), from `snapshot` (a tar
   * file of a data folder), which PGlite takes only for a folder that holds no database yet.
   */
  static async open(dataDir?: string, snapshot?: string): Promise<PGliteThread> {
    const start: ThreadStart = { dataDir, snapshot, ...(await pgliteEngine()) };
    const { url, execArgv } = await threadEntry();
    const worker = new Worker(url, { workerData: start, execArgv });
    await new Promise<void>((ready, failed) => {
      const first = (answer: ThreadAnswer) => {
        if (answer.kind !== "ready" && answer.kind !== "failed") return;
        worker.off("message", first);
        worker.off("error", failed);
        if (answer.kind === "ready") ready();
        else {
          failed(rebuild(answer.error));
          void worker.terminate();
        }
      };
      worker.on("message", first);
      worker.once("error", failed);
    });
    return new PGliteThread(worker);
  }

  /** Statements sent and not yet answered. */
  get statementsOut(): number {
    return this.pending.size;
  }

  private ask<T>(request: Request): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.statement<T>(sql, params, options);
  }

  exec(sql: string): Promise<unknown> {
    return this.ask({ op: "exec", sql });
  }

  private statement<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<Results<T>> {
    // Parsers cannot cross threads; drizzle asks only that some types stay text, which the thread does.
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.ask({ op: "query", sql, params, rowMode: options?.rowMode, textTypes, tx });
  }

  /**
   * Runs `callback` in a transaction held open on the database's thread: committed when it resolves,
   * rolled back when it throws. Other statements wait for it, as PGlite makes them.
   */
  async transaction<T>(callback: (tx: PGliteStatements & { rollback(): Promise<void> }) => Promise<T>) {
    const tx = await this.ask<number>({ op: "begin" });
    let ended = false;
    const statements = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.statement<R>(sql, params, options, tx),
      exec: (sql: string) => this.ask({ op: "exec", sql, tx }),
      rollback: async () => {
        ended = true;
        await this.ask({ op: "end", tx, commit: false });
      },
    };
    let result: T;
    try {
      result = await callback(statements);
    } catch (error) {
      if (!ended) await this.ask({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    if (!ended) await this.ask({ op: "end", tx, commit: true });
    return result;
  }

  /** Calls `listener` with each NOTIFY on `channel`; resolves once listening, with the way to stop. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.ask({ op: "listen", channel });
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(channel);
      if (!this.stopped) await this.ask({ op: "unlisten", channel });
    };
  }

  /** A consistent SQL dump of the whole database, taken while other statements wait (ADR 046). */
  dump(): Promise<string> {
    return this.ask<string>({ op: "dump" });
  }

  /** Closes the database (its files written) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.ask({ op: "close" });
    this.stopped = new Error("The embedded database is closed");
    await this.worker.terminate();
  }
}
