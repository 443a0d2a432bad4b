import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { UnavailableError } from "../lib/requests/errors.ts";

/** A stored file as the server streams it back. */
interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
}

/**
 * Where uploaded photos live (ADR 021): a folder (DATA_DIR/uploads) or an S3-compatible bucket. Names are
 * the flat, content-addressed file names of src/shared/photos.ts; the storage never sees a path.
 */
export interface PhotoStorage {
  /** For the start-up log: where the photos go. */
  readonly describe: string;
  put(name: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(name: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** The absolute URL browsers load the file from. */
  publicUrl(name: string): string;
}

/**
 * What a member is told while photos cannot be stored or read; what they typed stays in their form. The
 * wait asked (60 s) is longer than the web app waits by itself for a busy server, so the member reads
 * this at once instead of watching the photo be sent again.
 */
export const STORAGE_UNAVAILABLE =
  "Photos cannot be stored or shown just now. Nothing was lost: try the photo again in a minute.";

/** The photos' storage failed (a bucket out of reach, a full or failing disk): `cause` says how. */
class StorageUnavailableError extends UnavailableError {
  override name = "StorageUnavailableError";
  constructor(
    readonly operation: "put" | "get" | "delete" | "exists",
    options: { cause: unknown },
  ) {
    super(`the photo storage failed to ${operation}`, STORAGE_UNAVAILABLE, 60, {
      ...options,
      level: needsOperator(options.cause) ? "error" : "warn",
    });
  }
}

/** S3's answers and the system's errors that will not pass by themselves: someone must fix a setting or make room. */
const OPERATOR_FAULTS = new Set([
  "AccessDenied",
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "NoSuchBucket",
  "EACCES",
  "EPERM",
  "EROFS",
  "ENOSPC",
]);

function needsOperator(cause: unknown): boolean {
  const { name, code, Code } = (cause ?? {}) as { name?: unknown; code?: unknown; Code?: unknown };
  return [name, code, Code].some((each) => typeof each === "string" && OPERATOR_FAULTS.has(each));
}

/**
 * `storage` with each failure of its own (not a missing file, which `get` and `exists` answer) thrown as a
 * StorageUnavailableError, so the routes answer every kind of storage the same way: 503, nothing kept.
 */
export function guardedStorage(storage: PhotoStorage): PhotoStorage {
  const guard =
    <Args extends unknown[], Result>(
      operation: StorageUnavailableError["operation"],
      run: (...args: Args) => Promise<Result>,
    ) =>
    async (...args: Args): Promise<Result> => {
      try {
        return await run(...args);
      } catch (cause) {
        throw new StorageUnavailableError(operation, { cause });
      }
    };
  return {
    describe: storage.describe,
    put: guard("put", (name: string, body: Uint8Array, contentType: string) =>
      storage.put(name, body, contentType),
    ),
    get: guard("get", (name: string) => storage.get(name)),
    delete: guard("delete", (name: string) => storage.delete(name)),
    exists: guard("exists", (name: string) => storage.exists(name)),
    publicUrl: (name) => storage.publicUrl(name),
  };
}

/**
 * The name of the file `address` is the public URL of in `storage`, or null when it is no address the
 * storage gives: the storage's own addresses are recognised by asking it for them, so nothing here knows
 * how photo files are named.
 */
export function fileAt(storage: Pick<PhotoStorage, "publicUrl">, address: string): string | null {
  const base = storage.publicUrl("");
  if (!address.startsWith(base)) return null;
  let name: string;
  try {
    name = decodeURIComponent(address.slice(base.length));
  } catch {
    return null;
  }
  return name && storage.publicUrl(name) === address ? name : null;
}

/** The URL of `name` under a base ending in /uploads. */
export function uploadsUrl(base: string, name: string): string {
  return `${base.replace(/\/+$/, "")}/${encodeURIComponent(name)}`;
}

/** Names are checked by the callers; this keeps a bad one from ever leaving the folder. */
function safeName(name: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith(".")) throw new Error(`Not a file name: ${name}`);
  return name;
}

/** Photos in a folder on this machine: DATA_DIR/uploads, served by this server under /uploads. */
export function createFolderStorage({ dir, publicBase }: { dir: string; publicBase: string }): PhotoStorage {
  const file = (name: string) => path.join(dir, safeName(name));
  return {
    describe: dir,
    async put(name, body) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a photo, and two writers of the same
      // (content-addressed) photo leave one whole copy.
      const temporary = path.join(dir, `.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, body);
        await rename(temporary, file(name));
      } catch (error) {
        // A write cut short (a full disk) leaves no part of a photo behind.
        await rm(temporary, { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(name) {
      try {
        const { size } = await stat(file(name));
        const body = Readable.toWeb(createReadStream(file(name))) as ReadableStream<Uint8Array>;
        return { body, size, contentType: contentTypeOf(name) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      await rm(file(name), { force: true });
    },
    async exists(name) {
      try {
        return (await stat(file(name))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    publicUrl: (name) => uploadsUrl(publicBase, name),
  };
}

/** Photos in memory: for tests that do not look at where photos are kept. */
export function createMemoryStorage({ publicBase }: { publicBase: string }): PhotoStorage & {
  files: Map<string, Uint8Array>;
} {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    describe: "memory",
    async put(name, body) {
      files.set(safeName(name), body);
    },
    async get(name) {
      const body = files.get(name);
      if (!body) return null;
      return {
        body: new Blob([new Uint8Array(body)]).stream(),
        size: body.byteLength,
        contentType: contentTypeOf(name),
      };
    },
    async delete(name) {
      files.delete(name);
    },
    async exists(name) {
      return files.has(name);
    },
    publicUrl: (name) => uploadsUrl(publicBase, name),
  };
}

function contentTypeOf(name: string): string {
  return name.endsWith(".webp") ? "image/webp" : "application/octet-stream";
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR");
}
