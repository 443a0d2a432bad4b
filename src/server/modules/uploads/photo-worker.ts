/**
 * The process that decodes photos (ADR 030): started by PhotoDecoder, one per decode slot, at the lowest
 * CPU priority, so the server's own requests always come first on a busy machine; its memory is given
 * back to the system when it exits after a while without work.
 */
import os from "node:os";
import { HttpError } from "../../lib/requests/errors.ts";
import type { DecodeAnswer, DecodeJob } from "./photo-decoder.ts";
import { processPhoto } from "./photo-processing.ts";

// Before the first decode: the threads libvips starts later inherit the priority.
try {
  os.setPriority(os.constants.priority.PRIORITY_LOW);
} catch {
  // Not permitted here: the photos are decoded at the normal priority.
}

process.on("message", async ({ id, bytes }: DecodeJob) => {
  let answer: DecodeAnswer;
  try {
    answer = { id, photo: await processPhoto(Array.isArray(bytes) ? Buffer.concat(bytes) : bytes) };
  } catch (error) {
    answer =
      error instanceof HttpError
        ? { id, refused: { status: error.status, message: error.message } }
        : { id, fault: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  process.send?.(answer);
});

// The server went away (it stopped, or it let this process go): nothing is left to do.
process.on("disconnect", () => process.exit(0));
