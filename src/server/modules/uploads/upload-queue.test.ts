import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { type App, createApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { createFolderStorage } from "../../storage/photo-storage.ts";
import { createClient, newAccount, readResponse, type TestClient } from "../../test/http-client.ts";
import { noisyJpeg, phonePhoto, photoForm } from "../../test/photo-fixtures.ts";
import { openTestDatabase } from "../../test/test-db.ts";

/** One photo decoded at a time and two waiting: a third, fourth... upload at once finds the queue full. */
const QUEUE = { slots: 1, waiting: 2 };
const UPLOADS = 6;

let database: Database;
let app: App;
let dir: string;
/** A photo as large as the limits allow (39.6 megapixels, about 6 MB): a second or so of decoding. */
let largest: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "garden-upload-queue-"));
  database = await openTestDatabase();
  app = createApp({
    db: database.db,
    authSecret: randomBytes(32).toString("hex"),
    config: { BASE_URL: "http://localhost", RATE_LIMIT: false },
    storage: createFolderStorage({ dir, publicBase: "http://localhost/uploads" }),
    photoQueue: QUEUE,
  });
  largest = await noisyJpeg();
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signedUp(account = newAccount()): Promise<TestClient> {
  const client = createClient(app);
  expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
  return client;
}

/** When something answered, on the test's clock: answers are compared by their order only. */
const answeredAt = <T>(promise: Promise<T>) => promise.then((value) => ({ value, at: performance.now() }));

/**
 * Sends a photo as a browser does, in chunks, and tells when the server has read the whole body (the
 * photo then is in the server's hands: decoding, or waiting its turn) or has answered without reading it.
 */
async function sendUpload(client: TestClient, photo: Uint8Array) {
  const envelope = new Response(photoForm(photo));
  const bytes = new Uint8Array(await envelope.arrayBuffer());
  let offset = 0;
  let readToTheEnd = () => {};
  const bodyRead = new Promise<void>((resolve) => {
    readToTheEnd = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        readToTheEnd();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + 256 * 1024));
      offset += 256 * 1024;
    },
  });
  const send = async () => {
    const answer = await app.request("http://localhost/api/uploads", {
      method: "POST",
      headers: {
        Origin: "http://localhost",
        Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "Content-Type": envelope.headers.get("Content-Type") ?? "",
      },
      body,
      duplex: "half",
    } as RequestInit);
    return readResponse(app, "POST", "/api/uploads", answer, undefined);
  };
  const response = answeredAt(send());
  return { inServerHands: Promise.race([bodyRead, response]), response };
}

describe("photo decoding queue", () => {
  it("decodes a photo per slot, refuses uploads beyond the queue with 503, and keeps sign-in and reads answering meanwhile", async () => {
    const reader = newAccount();
    const readerClient = await signedUp(reader);
    const stored = await readerClient.postForm(
      "/api/uploads",
      photoForm(await phonePhoto({ width: 800, height: 600, seed: 7 })),
      { schema: UploadedPhotoSchema },
    );
    expect(stored.status).toBe(201);
    const uploaders = await Promise.all(Array.from({ length: UPLOADS }, () => signedUp()));
    // How long one such photo takes when it is alone: the yardstick for "kept waiting" below.
    const alone = performance.now();
    expect((await readerClient.postForm("/api/uploads", photoForm(largest))).status).toBe(201);
    const oneDecode = performance.now() - alone;

    const uploads = await Promise.all(uploaders.map((client) => sendUpload(client, largest)));
    await Promise.all(uploads.map((upload) => upload.inServerHands));

    // Every accepted photo is now decoding or waiting for its turn; a member signs in, a page shows a
    // stored photo and the tip list.
    const asked = performance.now();
    const [signIn, photo, list] = await Promise.all([
      answeredAt(
        createClient(app).post("/api/auth/sign-in/email", {
          email: reader.email,
          password: reader.password,
        }),
      ),
      answeredAt(Promise.resolve(app.request(stored.body.url))),
      answeredAt(createClient(app).get("/api/tips?availability=Public")),
    ]);
    const answers = await Promise.all(uploads.map((upload) => upload.response));

    expect(signIn.value.status).toBe(200);
    expect(photo.value.status).toBe(200);
    expect(list.value.status).toBe(200);

    const accepted = answers.filter((answer) => answer.value.status === 201);
    const refused = answers.filter((answer) => answer.value.status === 503);
    // One decoding and two waiting are accepted, and each of them is stored; the rest are refused.
    expect(accepted).toHaveLength(QUEUE.slots + QUEUE.waiting);
    expect(refused).toHaveLength(UPLOADS - accepted.length);
    for (const answer of accepted) expect(UploadedPhotoSchema.parse(answer.value.body).width).toBe(1862);
    for (const answer of refused) {
      expect(Number(answer.value.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect(ApiErrorSchema.parse(answer.value.body).message).toMatch(
        /^The server is busy with other photos\. Try again in \d+ seconds?\.$/,
      );
    }
    // The others were not kept waiting behind the decodes: each answered before the first photo was done,
    // and sooner than one photo takes alone (behind a thread pool full of decodes, a sign-in waits for
    // several of them, and the first photo's own answer waits behind the sign-in).
    const firstStored = Math.min(...accepted.map((answer) => answer.at));
    for (const read of [signIn, photo, list]) {
      expect(read.at).toBeLessThan(firstStored);
      expect(read.at - asked).toBeLessThan(oneDecode);
    }
  });
});
