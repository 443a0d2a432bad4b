import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HttpError } from "../../lib/requests/errors.ts";
import type { ProcessedPhoto } from "./photo-processing.ts";

/** A photo sent to a decoding process: its bytes, or the pieces they arrived in (joined there). */
export interface DecodeJob {
  id: number;
  bytes: Uint8Array | Uint8Array[];
}

/** What a decoding process answers: the processed photo, a refusal for the client, or a fault of ours. */
export type DecodeAnswer =
  | { id: number; photo: ProcessedPhoto }
  | { id: number; refused: { status: ContentfulStatusCode; message: string } }
  | { id: number; fault: string };

/** A decoding process left without work this long exits, and its memory goes back to the system. */
const IDLE_MS = 5_000;
/** Longer than any photo within the limits takes on a busy machine: past it the decode is stuck. */
const DECODE_TIMEOUT_MS = 120_000;

/**
 * Where the decoding process's code is: next to this module, as TypeScript run through tsx when the
 * server runs from its sources (development, tests), or as the bundle the build writes beside the
 * server's (dist/server/photo-worker.mjs).
 */
function workerEntry(): { file: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith(".ts");
  return fromSources
    ? { file: fileURLToPath(new URL("./photo-worker.ts", import.meta.url)), execArgv: ["--import", "tsx"] }
    : { file: fileURLToPath(new URL("./photo-worker.mjs", import.meta.url)), execArgv: [] };
}

const unreadable = () => new HttpError(415, "This file could not be read as a photo");

/**
 * Decodes photos in processes of their own (ADR 030), never in the server's: a decode then takes no
 * thread from the pool where the server reads files and hashes passwords, runs below the server's CPU
 * priority, and its memory (a 40-megapixel photo decodes to over 100 MB) is the system's again once the
 * process exits. A photo that crashes the decoder fails alone, with 415; the server goes on. Each call
 * borrows an idle process or starts one; PhotoQueue bounds how many run at once.
 */
export class PhotoDecoder {
  private readonly idle: Array<{ child: ChildProcess; timer: NodeJS.Timeout }> = [];
  private nextId = 0;

  constructor(private readonly options: { idleMs: number } = { idleMs: IDLE_MS }) {}

  async process(bytes: Uint8Array | Uint8Array[]): Promise<ProcessedPhoto> {
    const child = this.borrow();
    // Rejects only when the process died or hung with the photo: it is gone then, and not given back.
    const answer = await this.ask(child, { id: this.nextId++, bytes });
    this.giveBack(child);
    if ("photo" in answer) return answer.photo;
    if ("refused" in answer) throw new HttpError(answer.refused.status, answer.refused.message);
    throw new Error(`Decoding a photo failed: ${answer.fault}`);
  }

  private borrow(): ChildProcess {
    const waiting = this.idle.pop();
    if (waiting) {
      clearTimeout(waiting.timer);
      return waiting.child;
    }
    const { file, execArgv } = workerEntry();
    const child = fork(file, [], {
      execArgv,
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("exit", () => {
      const at = this.idle.findIndex((entry) => entry.child === child);
      if (at >= 0) {
        const [entry] = this.idle.splice(at, 1);
        if (entry) clearTimeout(entry.timer);
      }
    });
    // A decoding process never keeps the server (or a test run) alive; it exits when the server does, as
    // its channel closes.
    child.unref();
    child.channel?.unref();
    return child;
  }

  private giveBack(child: ChildProcess): void {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => {
      const at = this.idle.findIndex((entry) => entry.child === child);
      if (at >= 0) this.idle.splice(at, 1);
      child.disconnect();
    }, this.options.idleMs);
    timer.unref();
    this.idle.push({ child, timer });
  }

  private ask(child: ChildProcess, job: DecodeJob): Promise<DecodeAnswer> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off("message", answered);
        child.off("exit", died);
        child.off("error", died);
        child.channel?.unref();
      };
      const answered = (answer: DecodeAnswer) => {
        if (answer.id !== job.id) return;
        done();
        resolve(answer);
      };
      // The process died with the photo (a crash in a decoder, or out of memory): the photo is refused.
      const died = () => {
        done();
        reject(unreadable());
      };
      const timer = setTimeout(() => {
        done();
        child.kill("SIGKILL");
        reject(unreadable());
      }, DECODE_TIMEOUT_MS);
      child.on("message", answered);
      child.once("exit", died);
      child.once("error", died);
      // While a photo is being decoded the answer is awaited: the channel holds the process open.
      child.channel?.ref();
      child.send(job, (error) => {
        if (error) died();
      });
    });
  }
}
