import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { CHROMIUM_ARGS, chromiumPath } from "../../../../e2e/support/chromium.ts";
import { type App, createApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { NODE_LISTENER_OPTIONS } from "../../lib/security/unread-refusals.ts";
import { createFolderStorage } from "../../storage/photo-storage.ts";
import { createClient, newAccount, readResponse, type TestClient } from "../../test/http-client.ts";
import { noisyJpeg, phonePhoto, photoForm } from "../../test/photo-fixtures.ts";
import { openTestDatabase } from "../../test/test-db.ts";

/** The browser the tests drive: CHROME_PATH (npm test finds one), else Debian's. */

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

/**
 * Over a real connection, with one photo decoded at a time and none waiting: a refused upload is answered
 * before its body is read, so 24 clients sending 6 MB each cost the server their first kilobytes, not
 * 140 MB read and dropped while everyone else's requests wait (ADR 030).
 */
describe("an upload refused before its body is read, over a real connection", () => {
  let base = "";
  let server: ReturnType<typeof serve>;
  let queueApp: App;
  let queueDir: string;
  beforeAll(async () => {
    queueDir = mkdtempSync(path.join(os.tmpdir(), "garden-upload-refusals-"));
    // The app is made once the port is known: it is its own public address, as a browser's page needs.
    server = serve({
      fetch: (request, env) => queueApp.fetch(request, env),
      port: 0,
      hostname: "127.0.0.1",
      ...NODE_LISTENER_OPTIONS,
    });
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    queueApp = createApp({
      db: database.db,
      authSecret: randomBytes(32).toString("hex"),
      config: { BASE_URL: base, RATE_LIMIT: false },
      storage: createFolderStorage({ dir: queueDir, publicBase: `${base}/uploads` }),
      photoQueue: { slots: 1, waiting: 0 },
    });
  });
  afterAll(async () => {
    if ("closeAllConnections" in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(queueDir, { recursive: true, force: true });
  });

  async function cookieOfNewAccount(): Promise<string> {
    const answer = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify(newAccount()),
    });
    expect(answer.status).toBe(200);
    return answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  /** A multipart body as bytes, with its Content-Type. */
  async function multipart(photo: Uint8Array) {
    const encoded = new Response(photoForm(photo));
    return {
      bytes: new Uint8Array(await encoded.arrayBuffer()),
      type: encoded.headers.get("Content-Type") ?? "",
    };
  }

  /**
   * Starts an upload of `body` on a connection of its own but sends only its first `sent` bytes; `rest()`
   * sends the remainder. `answer` is the server's answer whenever it comes; `closed` settles when the
   * connection ends, with what ended it: a send the server refused to take ("ECONNRESET", "EPIPE") or null.
   */
  function partialUpload(cookie: string | null, body: { bytes: Uint8Array; type: string }, sent: number) {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), "127.0.0.1");
    const head = [
      "POST /api/uploads HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: ${base}`,
      ...(cookie ? [`Cookie: ${cookie}`] : []),
      `Content-Type: ${body.type}`,
      `Content-Length: ${body.bytes.length}`,
      "",
      "",
    ].join("\r\n");
    socket.write(head);
    socket.write(body.bytes.subarray(0, sent));
    let failure: string | null = null;
    socket.on("error", (error: NodeJS.ErrnoException) => {
      failure = error.code ?? error.message;
    });
    const closed = new Promise<string | null>((resolve) => socket.on("close", () => resolve(failure)));
    const answer = new Promise<{ status: number; retryAfter: string | null; body: unknown }>((resolve) => {
      let received = Buffer.alloc(0);
      socket.on("data", (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const text = received.toString("latin1");
        const end = text.indexOf("\r\n\r\n");
        if (end < 0) return;
        const headers = text.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
        if (received.length < end + 4 + length) return;
        resolve({
          status: Number(headers.slice(9, 12)),
          retryAfter: /\r\nretry-after: *(\S+)/i.exec(headers)?.[1] ?? null,
          body: JSON.parse(received.subarray(end + 4, end + 4 + length).toString("utf8")),
        });
      });
    });
    return { answer, closed, rest: () => socket.write(body.bytes.subarray(sent)) };
  }

  /** Holds the only place in the queue: an upload whose body stops half-way, until `rest()`. */
  async function holdTheQueue(photo: { bytes: Uint8Array; type: string }) {
    const holder = partialUpload(await cookieOfNewAccount(), photo, 1024);
    // The holder has its place once another upload is refused as busy; an upload that came first is
    // taken and answered (not a photo) and leaves, and the next one is tried.
    const prober = await cookieOfNewAccount();
    const notAPhoto = await multipart(new TextEncoder().encode("<svg></svg>"));
    for (let attempt = 0; attempt < 200; attempt++) {
      const probe = await fetch(`${base}/api/uploads`, {
        method: "POST",
        headers: { Origin: base, Cookie: prober, "Content-Type": notAPhoto.type },
        body: notAPhoto.bytes,
      });
      await probe.arrayBuffer();
      if (probe.status === 503) return holder;
      expect(probe.status).toBe(415);
    }
    throw new Error("the holding upload never took its place");
  }

  it("answers 503 while the body is still on its way, closes the connection, and takes photos again once the queue frees", async () => {
    const small = await multipart(await phonePhoto({ width: 640, height: 480, seed: 31 }));
    const holder = await holdTheQueue(small);
    const body = await multipart(largest);

    // Only the first 64 KB of 6 MB are sent, and the answer comes all the same.
    const refused = partialUpload(await cookieOfNewAccount(), body, 64 * 1024);
    const answer = await refused.answer;
    expect(answer.status).toBe(503);
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(ApiErrorSchema.parse(answer.body).message).toMatch(/^The server is busy with other photos\./);
    // The rest is never read: sending it fails, as the server has ended the connection.
    refused.rest();
    expect(await refused.closed).toMatch(/^(ECONNRESET|EPIPE)$/);

    // The holder finishes its photo, which is stored; the queue takes the next one.
    holder.rest();
    expect((await holder.answer).status).toBe(201);
    const after = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { Origin: base, Cookie: await cookieOfNewAccount(), "Content-Type": small.type },
      body: small.bytes,
    });
    expect(after.status).toBe(201);
    const photo = UploadedPhotoSchema.parse(await after.json());
    // The phone photo carries a turn in its EXIF: stored upright, its sides are swapped.
    expect([photo.width, photo.height]).toEqual([480, 640]);
  });

  it("gives clients sending whole photos at once the 503 to read, not a broken connection", async () => {
    const holder = await holdTheQueue(
      await multipart(await phonePhoto({ width: 320, height: 240, seed: 32 })),
    );
    const body = await multipart(largest);
    const cookies = await Promise.all(Array.from({ length: 6 }, () => cookieOfNewAccount()));
    const answers = await Promise.all(
      cookies.map(async (cookie) => {
        const answer = await fetch(`${base}/api/uploads`, {
          method: "POST",
          headers: { Origin: base, Cookie: cookie, "Content-Type": body.type },
          body: body.bytes,
        });
        return { status: answer.status, body: await answer.json() };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(ApiErrorSchema.parse(answer.body).message).toMatch(/^The server is busy with other photos\./);
    }
    holder.rest();
    expect((await holder.answer).status).toBe(201);
  });

  it("lets a browser show the 503 while it is still sending the photo", async () => {
    const holder = await holdTheQueue(
      await multipart(await phonePhoto({ width: 320, height: 240, seed: 33 })),
    );
    const cookie = await cookieOfNewAccount();
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    try {
      const context = await browser.newContext();
      await context.addCookies(
        cookie.split("; ").map((pair) => {
          const [name = "", value = ""] = pair.split("=");
          return { name, value, url: base };
        }),
      );
      const page = await context.newPage();
      await page.goto(`${base}/api/health`);
      // As the photo field sends it: XMLHttpRequest with a FormData of 6 MB.
      const answer = await page.evaluate(
        (size) =>
          new Promise<{ status: number; text: string; retryAfter: string | null }>((resolve) => {
            const form = new FormData();
            form.append(
              "file",
              new File([new Uint8Array(size).fill(0xff)], "IMG_1.jpg", { type: "image/jpeg" }),
            );
            const xhr = new XMLHttpRequest();
            xhr.open("POST", "/api/uploads");
            xhr.onload = () =>
              resolve({
                status: xhr.status,
                text: xhr.responseText,
                retryAfter: xhr.getResponseHeader("Retry-After"),
              });
            xhr.onerror = () => resolve({ status: 0, text: "", retryAfter: null });
            xhr.send(form);
          }),
        6 * 1024 * 1024,
      );
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(ApiErrorSchema.parse(JSON.parse(answer.text)).message).toMatch(
        /^The server is busy with other photos\./,
      );
    } finally {
      await browser.close();
      holder.rest();
      await holder.answer;
    }
  });

  it("answers a visitor's upload 401 before its body arrives", async () => {
    const refused = partialUpload(null, await multipart(largest), 64 * 1024);
    const answer = await refused.answer;
    expect(answer.status).toBe(401);
    expect(ApiErrorSchema.parse(answer.body).message).toBe("Sign in to upload a photo");
    refused.rest();
    expect(await refused.closed).toMatch(/^(ECONNRESET|EPIPE)$/);
  });
});
