/** The messages between the server's thread and the embedded database's thread (ADR 038). */

export interface ThreadStart {
  /** PGlite's data folder; omitted means in memory. */
  dataDir?: string;
  /** A data folder as PGlite's dumpDataDir writes it (a tar file), loaded instead of running initdb. */
  snapshot?: string;
  /** PGlite's WebAssembly, compiled by the opening thread (once for all its databases). */
  wasmModule?: WebAssembly.Module;
  /** PGlite's file bundle (pglite.data), read by the opening thread. */
  fsBundle?: Uint8Array<ArrayBuffer>;
}

/** Each request is answered once, by an "answer" or an "error" with its id. */
export type ThreadRequest = { id: number } & (
  | {
      op: "query";
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      /** Types whose values stay text, as drizzle asks for dates and intervals. */
      textTypes?: number[];
      /** The open transaction it belongs to; none means on its own. */
      tx?: number;
    }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "close" }
  /** A consistent SQL dump of the whole database (PGlite's pg_dump), answered as its text. */
  | { op: "dump" }
);

export interface ErrorFields {
  message: string;
  /** The error's own fields: PostgreSQL's code, detail, constraint and the rest. */
  fields: Record<string, unknown>;
}

export type ThreadAnswer =
  | { kind: "ready" }
  | { kind: "failed"; error: ErrorFields }
  | { kind: "answer"; id: number; value: unknown }
  | { kind: "error"; id: number; error: ErrorFields }
  /** Sent before the answer of the statement or commit that made it. */
  | { kind: "notify"; channel: string; payload: string };
