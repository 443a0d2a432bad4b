import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import busboy from "busboy";
import type { Context } from "hono";
import { z } from "zod";
import { HIDDEN_PENDING_REVIEW } from "#shared/constants.ts";
import { PHOTO_LIMITS, photoHashOfFile } from "#shared/photos.ts";
import { type ApiError, ApiErrorSchema } from "#shared/schemas/common.ts";
import { type UploadedPhoto, UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import type { AppEnv, SignedInEnv } from "../../lib/app-env.ts";
import { BODY_LIMITS, bodyLimit } from "../../lib/requests/body-limit.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { multipartBody } from "../../lib/requests/json-body.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import type { PhotoHoldLookup } from "../../lib/rules/photo-holds.ts";
import { rateLimit, waitInWords } from "../../lib/security/rate-limit.ts";
import { getSessionUser, requirePoster } from "../../lib/security/session.ts";
import { refusalsLeaveBodyUnread } from "../../lib/security/unread-refusals.ts";
import { imagesOf } from "../../lib/urls.ts";
import type { PhotoStorage } from "../../storage/photo-storage.ts";
import { PhotoDecoder } from "./photo-decoder.ts";
import { PhotoQueue, type PhotoQueueOptions } from "./photo-queue.ts";
import { storePhoto } from "./uploads.service.ts";

const MB = 1024 * 1024;
const PHOTO_TOO_LARGE = `The photo is larger than ${PHOTO_LIMITS.maxBytes / MB} MB`;

const uploadPhotoRoute = apiRoute({
  method: "post",
  path: "/uploads",
  operationId: "uploadPhoto",
  tags: ["Uploads"],
  summary: "Upload a photo",
  description: [
    "Stores a photo for a tip or a profile and answers its URL. The format is read from the bytes (JPEG, PNG,",
    "WebP, AVIF, and HEIC where this server's decoder reads it), never from the name or declared type. The",
    "photo is turned upright, stripped of every metadata block (EXIF with the GPS position, XMP, IPTC, ICC),",
    `fitted within ${PHOTO_LIMITS.maxSide} px and stored as WebP with narrower copies for srcset`,
    "(`<hash>-<w>w.webp`); the same photo is stored once. A photo nothing uses is deleted after a day.",
    `At most ${PHOTO_LIMITS.maxBytes / MB} MB and ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels a photo;`,
    `${PHOTO_LIMITS.perHour} uploads an hour per account and ${PHOTO_LIMITS.perHourPerAddress} per address`,
    `(every attempt counts); ${PHOTO_LIMITS.bytesPerDay / MB} MB of accepted photos per account and`,
    `${PHOTO_LIMITS.bytesPerDayPerAddress / MB} MB per address in 24 hours (counted by Content-Length).`,
    "Photos are decoded a few at a time (one per core but one); when the line of photos waiting is full the upload",
    "is refused with 503 and Retry-After at once. A refusal sent before the photo is read (401, 429, 503) leaves the body unread and closes the connection after the answer.",
  ].join(" "),
  middleware: [
    bodyLimit(BODY_LIMITS.uploads, `The photo is larger than ${PHOTO_LIMITS.maxBytes / MB} MB`),
    multipartBody(),
    refusalsLeaveBodyUnread,
    requirePoster("Sign in to upload a photo"),
    rateLimit<SignedInEnv>("upload", (c) => c.var.user.id),
    rateLimit<SignedInEnv>("uploadBytes", (c) => c.var.user.id),
  ] as const,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file"],
            properties: {
              file: {
                type: "string",
                contentMediaType: "application/octet-stream",
                description: "The photo file",
              },
            },
          },
        },
      },
    },
  },
  responses: {
    201: {
      description: "The stored photo",
      content: { "application/json": { schema: UploadedPhotoSchema } },
    },
    ...errorResponses({
      400: "No file in the field `file`, or a body that is not valid multipart/form-data",
      413: `Larger than ${PHOTO_LIMITS.maxBytes / MB} MB (refused before the body is stored, by Content-Length or while it streams) or more than ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels`,
      415: "Not a photo in an accepted format (SVG and anything else), or a body that is not multipart/form-data",
    }),
    503: {
      description:
        "The server is decoding as many photos as it takes at once and its line is full; the photo was not read, and the connection closes after this answer: send it again after the seconds in Retry-After",
      headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait" }) }),
      content: { "application/json": { schema: ApiErrorSchema } },
    },
  },
});

/**
 * The multipart body's file, within the size limit, as the pieces it arrived in: they go to the decoding
 * process as they are, which joins them there, not in the server's event loop (ADR 030).
 */
async function readPhotoFile(c: Context): Promise<Uint8Array[]> {
  const contentType = c.req.header("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw new HttpError(415, 'Send the photo as multipart/form-data, in a field named "file"');
  const body = bodyStream(c);
  const notMultipart = () => new HttpError(400, "The request body is not valid multipart/form-data");
  if (!body) throw notMultipart();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: PHOTO_LIMITS.maxBytes, fields: 20, parts: 40 },
    });
  } catch {
    body.resume();
    throw notMultipart();
  }
  return new Promise<Uint8Array[]>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let found = false;
    let tooLarge = false;
    parser.on("file", (name, file) => {
      if (name !== "file" || found) return file.resume();
      found = true;
      file.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
      });
      file.on("limit", () => {
        tooLarge = true;
      });
    });
    parser.on("error", () => {
      // The rest of the body is let through unread, so the client reads the answer.
      body.unpipe(parser);
      body.resume();
      reject(notMultipart());
    });
    parser.on("close", () => {
      if (tooLarge) reject(new HttpError(413, PHOTO_TOO_LARGE));
      else if (!found)
        reject(
          new HttpError(400, 'Add the photo in a field named "file"', [
            { path: "file", message: "Choose a photo" },
          ]),
        );
      else resolve(chunks);
    });
    body.on("error", () => reject(notMultipart()));
    body.pipe(parser);
  });
}

/**
 * The request's body as a Node stream. On Node's server that is the socket's own stream while nothing
 * has read it yet: a 10 MB body then arrives as a few hundred chunks handed straight to the multipart
 * parser, instead of going through Web Streams and a buffered FormData, which kept the event loop busy
 * for most of a second when several photos arrived at once (ADR 030). Elsewhere (tests, a body the
 * size check has already read) it is the Request's body.
 */
function bodyStream(c: Context): Readable | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.readableEnded && !incoming.destroyed && incoming.readableFlowing === null)
    return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>) : null;
}

/**
 * POST /api/uploads, with its own queue of photos (as many slots as the machine's cores allow, unless
 * `queue` says otherwise: tests make a short one) and its own decoding processes.
 */
export function createUploadsRouter({ queue }: { queue?: PhotoQueueOptions } = {}) {
  const photos = new PhotoQueue(queue);
  const decoder = new PhotoDecoder();
  return createRouter().openapi(uploadPhotoRoute, async (c) => {
    const { user, db, storage, metrics } = c.var;
    const place = photos.enter();
    if (!place) {
      // Answered at once, the body left unread (refusalsLeaveBodyUnread).
      const seconds = photos.retryAfter();
      c.header("Retry-After", String(seconds));
      return c.json<ApiError, 503>(
        { message: `The server is busy with other photos. Try again in ${waitInWords(seconds)}.` },
        503,
      );
    }
    try {
      const pieces = await readPhotoFile(c);
      metrics.uploaded(pieces.reduce((bytes, piece) => bytes + piece.length, 0));
      const photo = await place.run(() => decoder.process(pieces));
      const stored = await storePhoto(db, storage, photo, user.id);
      const images = imagesOf(c);
      const { photo: view } = images.view(stored);
      return c.json({ url: images.url(null, stored, ""), hash: stored.hash, ...view } as UploadedPhoto, 201);
    } finally {
      place.leave();
    }
  });
}

/** Each file's name is a hash of its bytes: it never changes, so browsers and CDNs keep it for a year. */
const PHOTO_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * GET /uploads/<name>: a stored photo, from the folder or proxied from the bucket (so the bucket may stay
 * private and every answer has the same headers). Anything that is not a photo's name is 404; so is a photo
 * on hold (ADR 041), but to whoever uploaded it, who gets it kept out of shared caches.
 */
export function servePhotoFile(storage: PhotoStorage, held: PhotoHoldLookup) {
  return async (c: Context<AppEnv>) => {
    const name = c.req.param("name") ?? "";
    const hash = photoHashOfFile(name);
    if (!hash) return c.json({ message: "Not found" }, 404);
    let cacheControl = PHOTO_CACHE_CONTROL;
    if (await held.has(hash)) {
      const user = await getSessionUser(c);
      if (!user || !(await held.uploadedBy(hash, user.id)))
        return c.json({ message: HIDDEN_PENDING_REVIEW }, 404);
      cacheControl = "private, no-store";
    }
    const file = await storage.get(name);
    if (!file) return c.json({ message: "Not found" }, 404);
    return c.body(file.body, 200, {
      "Content-Type": "image/webp",
      "Content-Length": String(file.size),
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
    });
  };
}
