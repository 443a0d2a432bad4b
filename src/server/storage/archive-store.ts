import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";

/**
 * Where members' data exports wait to be downloaded (ADR 088): a folder of this server's (DATA_DIR/exports)
 * or, when the photos are in a bucket, the same bucket under `exports/`, so any server can hand out what
 * another built. Never served as a public file: only the export route streams one, to its owner.
 */
export interface ArchiveStore {
  readonly describe: string;
  /** Writes `body` as `name`, whole or not at all: a failed write leaves nothing. Answers its size. */
  write(name: string, body: Readable): Promise<number>;
  /** The archive, or null when there is none. */
  read(name: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes it; removing one that is not there is not an error. */
  delete(name: string): Promise<void>;
  /** Every file there, half-written ones too (".part"), with when each was last written. */
  list(): Promise<Array<{ name: string; writtenAt: Date }>>;
}

/** Counts what passes through it. */
function counter(): Transform & { bytes: number } {
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      through.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  through.bytes = 0;
  return through;
}

/** Archive names are ours (an id and a random part): anything else is refused before it reaches a path. */
function checked(name: string): string {
  if (!/^[a-z0-9-]{1,100}\.zip(\.part)?$/.test(name)) throw new Error(`not an archive name: ${name}`);
  return name;
}

export function createFolderArchives(dir: string): ArchiveStore {
  return {
    describe: dir,
    async write(name, body) {
      await mkdir(dir, { recursive: true });
      const final = path.join(dir, checked(name));
      // Written beside its final name and renamed: a reader never finds half an archive.
      const part = `${final}.part`;
      const counted = counter();
      try {
        await pipeline(body, counted, createWriteStream(part));
        await rename(part, final);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
      return counted.bytes;
    },
    async read(name) {
      const file = path.join(dir, checked(name));
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(name) {
      await rm(path.join(dir, checked(name)), { force: true });
    },
    async list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      const found = await Promise.all(
        names.map(async (name) => {
          const info = await stat(path.join(dir, name)).catch(() => null);
          return info?.isFile() ? [{ name, writtenAt: info.mtime }] : [];
        }),
      );
      return found.flat();
    },
  };
}

/** The bucket's `exports/` folder, written in parts as the zip is made (S3's multipart upload). */
export function createS3Archives(client: S3Client, bucket: string): ArchiveStore {
  const key = (name: string) => `exports/${checked(name)}`;
  return {
    describe: `bucket ${bucket}, exports/`,
    async write(name, body) {
      const counted = counter();
      const sent = new PassThrough();
      const piping = pipeline(body, counted, sent);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key(name), Body: sent, ContentType: "application/zip" },
        // 8 MB parts, two at a time: what the server holds of an archive at once, whatever its size.
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await Promise.all([piping, upload.done()]);
      } catch (error) {
        await upload.abort().catch(() => {});
        sent.destroy();
        throw error;
      }
      return counted.bytes;
    },
    async read(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) return null;
        throw error;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(name) }));
    },
    async list() {
      const found: Array<{ name: string; writtenAt: Date }> = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: "exports/", ContinuationToken }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key)
            found.push({
              name: object.Key.slice("exports/".length),
              writtenAt: object.LastModified ?? new Date(0),
            });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
  };
}

/** Archives kept in memory: an app built without a folder (most tests). */
export function createMemoryArchives(): ArchiveStore & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const written = new Map<string, Date>();
  return {
    files,
    describe: "memory",
    async write(name, body) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      const whole = Buffer.concat(chunks);
      files.set(checked(name), whole);
      written.set(name, new Date());
      return whole.length;
    },
    async read(name) {
      const file = files.get(name);
      return file ? { body: Readable.from([file]), size: file.length } : null;
    },
    async delete(name) {
      files.delete(name);
      written.delete(name);
    },
    async list() {
      return [...written].map(([name, writtenAt]) => ({ name, writtenAt }));
    },
  };
}
