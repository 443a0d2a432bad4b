/**
 * The embedded database's own thread (ADR 038). PGlite runs here, started by `PGliteThread` in
 * pglite-thread-client.ts, and answers its messages one by one: statements, transactions held open
 * across messages, LISTEN, and closing. Nothing else runs here, so the database's WebAssembly has a core
 * to itself while the server's thread does HTTP, JSON and validation.
 */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import type { ThreadAnswer, ThreadRequest, ThreadStart } from "./pglite-thread-protocol.ts";

if (!parentPort) throw new Error("pglite-thread.ts runs only as a worker thread");
const port = parentPort;
const { dataDir, snapshot, wasmModule, fsBundle } = workerData as ThreadStart;

const send = (answer: ThreadAnswer) => port.postMessage(answer);

/** An error as plain fields, so the server's thread can rebuild it with PostgreSQL's code and detail. */
function errorFields(error: unknown): { message: string; fields: Record<string, unknown> } {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    fields[key] = typeof value === "object" && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  return { message: error.message, fields: { ...fields, name: error.name } };
}

/** Parsers that leave a type's text as it is, the only kind a statement may ask for across threads. */
const asText = (types: number[] | undefined) =>
  types && Object.fromEntries(types.map((type) => [type, (value: string) => value]));

async function main() {
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}),
      ...(wasmModule ? { wasmModule } : {}),
      ...(fsBundle ? { fsBundle: new Blob([fsBundle]) } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    send({ kind: "failed", error: errorFields(error) });
    return;
  }
  send({ kind: "ready" });

  const transactions = new Map<
    number,
    { tx: Transaction; end(commit: boolean): void; finished: Promise<void> }
  >();
  const listening = new Map<string, () => Promise<void>>();
  let nextTransaction = 1;
  /**
   * A dump under way. pg_dump runs on the database's one session, in a transaction of its own: it starts
   * only once no transaction is open, and no transaction opens until it ends. Its statements run in one
   * go, without yielding, so what it reads is one moment of the database (ADR 046).
   */
  let dumping: Promise<string> | null = null;
  const dump = async (): Promise<string> => {
    while (transactions.size > 0)
      await Promise.allSettled([...transactions.values()].map((open) => open.finished));
    try {
      const file = await pgDump({ pg: db, args: ["--no-owner", "--no-privileges"] });
      return await file.text();
    } finally {
      // pg_dump leaves its read-only snapshot open and its settings on the one session every other
      // statement uses: both go, or every write after a backup would be refused.
      await db.exec("ROLLBACK; RESET ALL;").catch(() => {});
    }
  };
  /** Thrown inside an open transaction to roll it back: PGlite rolls back a callback that throws. */
  const rollback = Symbol("rollback");

  const on = (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case "query": {
        const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
        if (!target) throw new Error("The transaction has already ended");
        return target.query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers: asText(request.textTypes),
        });
      }
      case "exec": {
        const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
        if (!target) throw new Error("The transaction has already ended");
        return target.exec(request.sql);
      }
      case "begin":
        // Answers with the transaction's number once it is open; "end" commits or rolls it back, and is
        // answered once PGlite has done so (and sent the notifications the commit made).
        if (dumping) {
          const next = { ...request };
          return dumping.then(
            () => on(next),
            () => on(next),
          );
        }
        return new Promise((opened, failed) => {
          const id = nextTransaction++;
          let isOpen = false;
          const finished = db
            .transaction(async (tx) => {
              const commit = await new Promise<boolean>((end) => {
                transactions.set(id, { tx, end, finished });
                isOpen = true;
                opened(id);
              });
              if (!commit) throw rollback;
            })
            .then(
              () => {},
              (error) => {
                if (error !== rollback) throw error;
              },
            )
            .finally(() => transactions.delete(id));
          finished.catch((error) => {
            if (!isOpen) failed(error);
          });
        });
      case "end": {
        const open = transactions.get(request.tx);
        if (!open) throw new Error("The transaction has already ended");
        open.end(request.commit);
        return open.finished;
      }
      case "listen": {
        if (listening.has(request.channel)) return Promise.resolve();
        return db
          .listen(request.channel, (payload) => send({ kind: "notify", channel: request.channel, payload }))
          .then((unlisten) => {
            listening.set(request.channel, unlisten);
          });
      }
      case "unlisten": {
        const unlisten = listening.get(request.channel);
        listening.delete(request.channel);
        return unlisten ? unlisten() : Promise.resolve();
      }
      case "dump":
        dumping ??= dump().finally(() => {
          dumping = null;
        });
        return dumping;
      case "close":
        return db.close();
    }
  };

  port.on("message", (request: ThreadRequest) => {
    let answer: Promise<unknown>;
    try {
      answer = on(request);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (value) => send({ kind: "answer", id: request.id, value }),
      (error) => send({ kind: "error", id: request.id, error: errorFields(error) }),
    );
  });
}

void main();
