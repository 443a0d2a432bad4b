import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { PhotoStorage } from "./photo-storage.ts";
import { uploadsUrl } from "./photo-storage.ts";

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Where browsers load the bucket's objects from (a CDN); this server's /uploads when not given. */
  publicUrl?: string;
  /** BASE_URL: photos are served by this server under /uploads when there is no public URL. */
  baseUrl: string;
}

/** The folder photos live in inside the bucket, so a CDN URL ends in /uploads/<name> like ours. */
const PREFIX = "uploads/";

/** Every file is immutable: its name is a hash of its bytes. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO, R2, ...), so several servers share them. Path-style
 * addressing and checksums only where the protocol requires them: what S3-compatible servers understand.
 */
export function createS3Storage(settings: S3Settings): PhotoStorage & { client: S3Client } {
  // The SDK warns on stderr, at its first client, that its releases after January 2027 will need Node 22.
  // The lockfile pins the release this site was tested with, which runs on the Node versions package.json
  // allows: the warning concerns whoever updates dependencies, and would only alarm an operator running
  // `npm run move` or reading the server's log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region ?? "us-east-1",
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  const publicBase = settings.publicUrl
    ? `${settings.publicUrl.replace(/\/+$/, "")}/uploads`
    : `${settings.baseUrl}/uploads`;
  return {
    client,
    describe: `bucket ${Bucket} at ${new URL(settings.endpoint).host}`,
    async put(name, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: PREFIX + name,
          Body: body,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: PREFIX + name }));
        if (!answer.Body) return null;
        return {
          body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: PREFIX + name }));
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: PREFIX + name }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    publicUrl: (name) => uploadsUrl(publicBase, name),
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}
