import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PHOTO_LIMITS } from "#shared/photos.ts";
import { UserSchema } from "#shared/schemas/auth.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { createApp } from "../../app.ts";
import { tips, users } from "../../db/schema.ts";
import { Limiter } from "../../lib/security/rate-limit.ts";
import { NODE_LISTENER_OPTIONS } from "../../lib/security/unread-refusals.ts";
import { createFolderStorage } from "../../storage/photo-storage.ts";
import { SessionSchema } from "../../test/auth-schemas.ts";
import { createClient, newAccount, type TestClient } from "../../test/http-client.ts";
import { phonePhoto, photoForm, smallPng } from "../../test/photo-fixtures.ts";
import { quickPasswords } from "../../test/quick-passwords.ts";
import { createTestApp } from "../../test/test-db.ts";
import { PHOTO_GONE, PhotoGoneError, sweepUnusedPhotos, writingPhoto } from "./uploads.service.ts";

const HOUR = 60 * 60 * 1000;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let dir: string;
let storage: ReturnType<typeof createFolderStorage>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "garden-uploads-"));
  storage = createFolderStorage({ dir, publicBase: "http://localhost/uploads" });
  ctx = await createTestApp({ storage, config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signedIn(app = ctx.app): Promise<TestClient> {
  const client = createClient(app);
  expect((await client.post("/api/auth/sign-up/email", newAccount())).status).toBe(200);
  return client;
}

async function upload(client: TestClient, bytes: Uint8Array, name?: string, type?: string) {
  return client.postForm("/api/uploads", photoForm(bytes, name, type), { schema: UploadedPhotoSchema });
}

/** The stored file a URL names, as bytes. */
async function fetchPhoto(url: string) {
  const response = await ctx.app.request(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const storedFiles = () => readdirSync(dir).filter((name) => !name.startsWith("."));

const tipBody = (images: string | null) => ({
  title: "Tomatoes from the balcony",
  plantType: "Tomato",
  difficulty: "Easy",
  description: "Grown in pots on a sunny balcony.",
  category: "Vegetables",
  images,
});

describe("POST /api/uploads", () => {
  it("stores a phone photo upright, without its EXIF and GPS position, at most 2048 px long", async () => {
    const client = await signedIn();
    const original = await phonePhoto({ width: 3000, height: 2000, orientation: 6, seed: 1 });
    // The test photo really carries what a phone writes: the GPS position and the orientation.
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(exifReader(before.exif ?? Buffer.alloc(0)).GPSInfo?.GPSLatitude).toEqual([51, 30, 0]);

    const res = await upload(client, original);
    expect(res.status).toBe(201);
    // Turned upright (the camera was held sideways): 2000 x 3000, fitted to a 2048 px long side.
    expect(res.body).toMatchObject({ width: 1365, height: 2048 });
    expect(res.body.url).toMatch(/^http:\/\/localhost\/uploads\/[0-9a-f]{32}-1365x2048\.webp$/);

    const { response, bytes } = await fetchPhoto(res.body.url);
    expect(response.status).toBe(200);
    const stored = await sharp(bytes).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 1365, height: 2048 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // No trace of the position anywhere in the file either.
    expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    expect(bytes.includes(Buffer.from("Exif"))).toBe(false);
  });

  it("applies the orientation: what the camera saw on its left is now at the top", async () => {
    const client = await signedIn();
    const res = await upload(client, await phonePhoto({ width: 400, height: 300, orientation: 6, seed: 2 }));
    expect(res.body).toMatchObject({ width: 300, height: 400 });
    const { bytes } = await fetchPhoto(res.body.url);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [topR = 0, , topB = 0] = pixel(150, 100);
    const [bottomR = 0, , bottomB = 0] = pixel(150, 300);
    expect(topR).toBeGreaterThan(150);
    expect(topB).toBeLessThan(100);
    expect(bottomB).toBeGreaterThan(150);
    expect(bottomR).toBeLessThan(100);
  });

  it("makes narrower copies for srcset, served like the photo", async () => {
    const client = await signedIn();
    const res = await upload(
      client,
      await phonePhoto({ width: 2400, height: 1600, orientation: 1, seed: 3 }),
    );
    expect(res.body).toMatchObject({ width: 2048, height: 1365 });
    const urls = res.body.srcSet.split(", ").map((entry) => entry.split(" ")[0] ?? "");
    expect(urls).toHaveLength(4);
    for (const [index, width] of [480, 960, 1440, 2048].entries()) {
      const { response, bytes } = await fetchPhoto(urls[index] ?? "");
      expect(response.status).toBe(200);
      expect((await sharp(bytes).metadata()).width).toBe(width);
    }
  });

  it("accepts PNG, WebP and AVIF, read from the bytes whatever the name and declared type", async () => {
    const client = await signedIn();
    const base = sharp({ create: { width: 120, height: 80, channels: 3, background: "#2a6" } });
    for (const bytes of [
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const res = await upload(client, bytes, "notes.txt", "text/plain");
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ width: 120, height: 80 });
    }
  });

  it("refuses an HTML page named .jpg and declared image/jpeg, and an SVG, with 415", async () => {
    const client = await signedIn();
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle r="40" cx="50" cy="50"/></svg>',
    );
    for (const [bytes, name, type] of [
      [html, "holiday.jpg", "image/jpeg"],
      [svg, "drawing.svg", "image/svg+xml"],
      [svg, "drawing.png", "image/png"],
    ] as const) {
      const res = await client.postForm("/api/uploads", photoForm(bytes, name, type), {
        schema: ApiErrorSchema,
      });
      expect(res.status).toBe(415);
      expect(res.body.message).toBe("Choose a photo in JPEG, PNG, WebP, AVIF or HEIC format");
    }
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await client.postForm("/api/uploads", photoForm(gif, "a.gif", "image/gif"))).status).toBe(415);
    expect(storedFiles().filter((name) => name.endsWith(".svg") || name.endsWith(".jpg"))).toEqual([]);
  });

  it("refuses a body that is not multipart (415) and a form without a file (400)", async () => {
    const client = await signedIn();
    const json = await client.post("/api/uploads", { file: "x" }, { schema: ApiErrorSchema });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append("photo", "not a file");
    const empty = await client.postForm("/api/uploads", form, { schema: ApiErrorSchema });
    expect(empty).toMatchObject({ status: 400, body: { issues: [{ path: "file" }] } });
  });

  it("refuses a file over 10 MB with 413 and stores nothing", async () => {
    const client = await signedIn();
    const filesBefore = storedFiles();
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await client.postForm("/api/uploads", photoForm(big), { schema: ApiErrorSchema });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The photo is larger than 10 MB");
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("refuses by Content-Length before reading the body, over a real connection", async () => {
    const client = await signedIn();
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1", ...NODE_LISTENER_OPTIONS });
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/uploads",
          headers: {
            Origin: "http://localhost",
            Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": String(11 * 1024 * 1024),
          },
        });
        request.on("response", (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on("error", reject);
        // Only the start of the 11 MB is ever sent: the answer comes before the rest.
        request.write("--x\r\n");
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: "The photo is larger than 10 MB" });
    } finally {
      if ("closeAllConnections" in server) server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses a photo of more than 40 megapixels with 413 (a decompression bomb)", async () => {
    const client = await signedIn();
    const bomb = await sharp({ create: { width: 6500, height: 6400, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PHOTO_LIMITS.maxBytes);
    const res = await client.postForm("/api/uploads", photoForm(bomb, "big.png", "image/png"), {
      schema: ApiErrorSchema,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The photo has 42 megapixels; at most 40 are accepted");
  });

  it("answers a visitor 401 before reading the body", async () => {
    const visitor = createClient(ctx.app);
    const res = await visitor.postForm("/api/uploads", photoForm(await smallPng(1)), {
      schema: ApiErrorSchema,
    });
    expect(res).toMatchObject({ status: 401, body: { message: "Sign in to upload a photo" } });
  });

  it("stores the same photo once and serves it with the immutable cache header", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const photo = await phonePhoto({ width: 600, height: 400, orientation: 1, seed: 4 });
    const a = await upload(first, photo);
    const b = await upload(second, photo, "again.jpeg");
    expect(b.body.url).toBe(a.body.url);
    const hash = a.body.hash;
    // The photo and its 480 px copy, once each.
    expect(storedFiles().filter((name) => name.startsWith(hash))).toHaveLength(2);

    const { response, bytes } = await fetchPhoto(a.body.url);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(
      bytes.equals(readFileSync(path.join(dir, new URL(a.body.url).pathname.split("/").at(-1) ?? ""))),
    ).toBe(true);
  });

  it("answers 404 for a name that is not a stored photo", async () => {
    for (const name of [`${"0".repeat(32)}-10x10.webp`, "..%2Fpglite", "x.svg", "%2e%2e"]) {
      const response = await ctx.app.request(`http://localhost/uploads/${name}`);
      expect(response.status).toBe(404);
    }
  });
});

/**
 * Over Node's own server the route reads the socket's stream straight into the multipart parser, unless
 * something read the body before it; the answers must be the same either way.
 */
describe("POST /api/uploads over a real connection", () => {
  let base = "";
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1", ...NODE_LISTENER_OPTIONS });
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if ("closeAllConnections" in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The signed-in headers of a new account, for requests sent with fetch. */
  async function signedInHeaders(): Promise<Record<string, string>> {
    const client = await signedIn();
    return {
      Origin: "http://localhost",
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    };
  }

  /** A multipart body as bytes, with its Content-Type, to send however a test likes. */
  async function multipart(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
    const encoded = new Response(form);
    return {
      bytes: new Uint8Array(await encoded.arrayBuffer()),
      type: encoded.headers.get("Content-Type") ?? "",
    };
  }

  /** Sends `bytes` in 64 KB pieces without a Content-Length, as a client streaming its body does. */
  function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
    let at = 0;
    return new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, at + 64 * 1024));
        at += 64 * 1024;
      },
    });
  }

  it("stores a photo sent with its Content-Length, and one sent in chunks without it", async () => {
    const headers = await signedInHeaders();
    const sized = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers,
      body: photoForm(await phonePhoto({ seed: 31 })),
    });
    expect(sized.status).toBe(201);
    const stored = UploadedPhotoSchema.parse(await sized.json());
    expect((await fetch(`${base}${new URL(stored.url).pathname}`)).status).toBe(200);

    const { bytes, type } = await multipart(photoForm(await phonePhoto({ seed: 32 })));
    const streamed = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { ...headers, "Content-Type": type },
      body: chunked(bytes),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(201);
    expect(UploadedPhotoSchema.parse(await streamed.json()).url).not.toBe(stored.url);
  });

  it("refuses a file one byte over 10 MB in a body under the body limit with 413, and stores nothing", async () => {
    const headers = await signedInHeaders();
    const filesBefore = storedFiles();
    const big = Buffer.alloc(PHOTO_LIMITS.maxBytes + 1, 7);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await fetch(`${base}/api/uploads`, { method: "POST", headers, body: photoForm(big) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The photo is larger than 10 MB" });
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("refuses a body that is not multipart, or has no photo, with 400 and a message", async () => {
    const headers = await signedInHeaders();
    const broken = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "multipart/form-data; charset=utf-8" },
      body: "--x\r\nnot a part",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: "The request body is not valid multipart/form-data" });

    const form = new FormData();
    form.append("photo", "not a file");
    const none = await fetch(`${base}/api/uploads`, { method: "POST", headers, body: form });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: 'Add the photo in a field named "file"' });
  });
});

describe("upload limit", () => {
  it("answers the 31st upload in an hour 429 with Retry-After", async () => {
    const limited = await createTestApp({ storage });
    try {
      const client = await signedIn(limited.app);
      for (let n = 0; n < PHOTO_LIMITS.perHour; n++) {
        const res = await client.postForm("/api/uploads", photoForm(await smallPng(n), "p.png", "image/png"));
        expect(res.status).toBe(201);
      }
      const res = await client.postForm("/api/uploads", photoForm(await smallPng(99)), {
        schema: ApiErrorSchema,
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(3500);
      // The same sentence as every other limit's.
      expect(res.body.message).toMatch(
        /^Too many photo uploads \(at most 30 per account in 60 minutes\)\. Try again in \d+ minutes\.$/,
      );
      // Another account is not affected.
      const other = await signedIn(limited.app);
      expect((await other.postForm("/api/uploads", photoForm(await smallPng(99)))).status).toBe(201);
    } finally {
      await limited.close();
    }
    // Thirty-two photo decodes, each in the decoder's process: more than 30 s on a loaded machine.
  }, 120_000);

  it("counts uploads per address too: many accounts at one address share its hundred an hour", async () => {
    const limited = await createTestApp({ storage, config: { TRUST_PROXY: 1 } });
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    try {
      // The address's other accounts have made all but the last of its uploads this hour (counted in
      // the database, as every server counts them: ninety-nine photo decodes would test nothing more).
      const limiter = new Limiter(limited.db, { enabled: true, trustProxy: 1 });
      for (let n = 1; n < PHOTO_LIMITS.perHourPerAddress; n++)
        expect((await limiter.take("upload", "203.0.113.7", null)).allowed).toBe(true);
      const last = await signedIn(limited.app);
      const res = await last.postForm("/api/uploads", photoForm(await smallPng(1)), from("203.0.113.7"));
      expect(res.status).toBe(201);
      // A new account at the same address has no allowance left; the same account elsewhere has.
      const newcomer = await signedIn(limited.app);
      const refused = await newcomer.postForm("/api/uploads", photoForm(await smallPng(7)), {
        ...from("203.0.113.7"),
        schema: ApiErrorSchema,
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3500);
      expect(refused.body.message).toMatch(
        /^Too many photo uploads \(at most \d+ per address in 60 minutes\)\. Try again in \d+ minutes\.$/,
      );
      const elsewhere = await newcomer.postForm(
        "/api/uploads",
        photoForm(await smallPng(7)),
        from("198.51.100.2"),
      );
      expect(elsewhere.status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("accepts at most 200 MB of photos per account in 24 hours; refused files do not count", async () => {
    expect(PHOTO_LIMITS.bytesPerDay).toBe(200 * 1024 * 1024);
    const limited = await createTestApp({ storage });
    try {
      const client = await signedIn(limited.app);
      const send = (bytes: Uint8Array) => client.postForm("/api/uploads", photoForm(bytes));
      // A photo of almost 10 MB (a small picture and the rest of the file after its end), different each time.
      const nearlyTenMb = async (n: number) => {
        const picture = await sharp({
          create: { width: 64, height: 48, channels: 3, background: { r: n, g: 90, b: 40 } },
        })
          .jpeg()
          .toBuffer();
        return Buffer.concat([picture, Buffer.alloc(PHOTO_LIMITS.maxBytes - 1024 - picture.length)]);
      };
      const notAPhoto = Buffer.alloc(PHOTO_LIMITS.maxBytes - 1024, 7);
      expect((await send(notAPhoto)).status).toBe(415);
      // Twenty photos of just under 10 MB fit in 200 MB; the twenty-first does not.
      for (let n = 0; n < 20; n++) expect((await send(await nearlyTenMb(n))).status).toBe(201);
      const refused = await send(await nearlyTenMb(20));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 60 * 60);
      expect(ApiErrorSchema.parse(refused.body).message).toBe(
        "Too many megabytes of photos (at most 200 MB per account, 1 GB per address in 24 hours). Try again in 24 hours.",
      );
      // Another account is not affected.
      const other = await signedIn(limited.app);
      expect((await other.postForm("/api/uploads", photoForm(await smallPng(300)))).status).toBe(201);
    } finally {
      await limited.close();
    }
    // Twenty-two uploads of nearly 10 MB, each decoded: more than 30 s on a loaded machine.
  }, 120_000);
});

describe("photos nothing uses", () => {
  it("are deleted by the sweep once a day old; photos a tip or a profile shows are kept", async () => {
    const client = await signedIn();
    const unused = await upload(client, await smallPng(201));
    const inTip = await upload(client, await smallPng(202));
    const inProfile = await upload(client, await smallPng(203));
    expect((await client.post("/api/tips", tipBody(inTip.body.url))).status).toBe(201);
    expect((await client.post("/api/auth/update-user", { image: inProfile.body.url })).status).toBe(200);

    // An hour later nothing is old enough.
    expect(await sweepUnusedPhotos(ctx.db, storage, { now: new Date(Date.now() + HOUR) })).toBe(0);
    expect((await fetchPhoto(unused.body.url)).response.status).toBe(200);

    const deleted = await sweepUnusedPhotos(ctx.db, storage, { now: new Date(Date.now() + 25 * HOUR) });
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await fetchPhoto(unused.body.url)).response.status).toBe(404);
    expect((await fetchPhoto(inTip.body.url)).response.status).toBe(200);
    expect((await fetchPhoto(inProfile.body.url)).response.status).toBe(200);
  });

  it("go when the tip showing them is deleted, or its image replaced", async () => {
    const client = await signedIn();
    const first = await upload(
      client,
      await phonePhoto({ width: 1000, height: 800, orientation: 1, seed: 5 }),
    );
    const second = await upload(client, await smallPng(301));
    const tip = await client.post("/api/tips", tipBody(first.body.url), { schema: TipSchema });

    // Replacing the image deletes the first photo (and its narrower copy).
    const hash = first.body.hash;
    expect(storedFiles().filter((name) => name.startsWith(hash))).toHaveLength(3);
    expect((await client.put(`/api/tips/${tip.body._id}`, tipBody(second.body.url))).status).toBe(200);
    expect((await fetchPhoto(first.body.url)).response.status).toBe(404);
    expect(storedFiles().filter((name) => name.startsWith(hash))).toEqual([]);

    // Deleting the tip deletes the second.
    expect((await client.delete(`/api/tips/${tip.body._id}`)).status).toBe(204);
    expect((await fetchPhoto(second.body.url)).response.status).toBe(404);
  });

  it("stay while another tip, a profile, or another account's fresh upload still needs them", async () => {
    const client = await signedIn();
    const shared = await upload(client, await smallPng(401));
    const a = await client.post("/api/tips", tipBody(shared.body.url), { schema: TipSchema });
    const b = await client.post("/api/tips", tipBody(shared.body.url), { schema: TipSchema });
    expect((await client.delete(`/api/tips/${a.body._id}`)).status).toBe(204);
    expect((await fetchPhoto(shared.body.url)).response.status).toBe(200);

    // Someone else chose the same photo a moment ago and has not sent their form yet.
    const other = await signedIn();
    expect((await upload(other, await smallPng(401))).body.url).toBe(shared.body.url);
    expect((await client.delete(`/api/tips/${b.body._id}`)).status).toBe(204);
    expect((await fetchPhoto(shared.body.url)).response.status).toBe(200);

    // A URL that is not an upload is never touched.
    const linked = await client.post("/api/tips", tipBody("https://images.example.com/a.jpg"), {
      schema: TipSchema,
    });
    expect((await client.delete(`/api/tips/${linked.body._id}`)).status).toBe(204);
  });
});

describe("a form that names a photo no longer stored", () => {
  it("is refused with a message that says to upload it again, and nothing is saved", async () => {
    const client = await signedIn();
    const kept = await upload(client, await smallPng(501));
    const tip = await client.post("/api/tips", tipBody(kept.body.url), { schema: TipSchema });
    // The form stayed open for more than a day: the sweep deleted the photo chosen in it.
    const chosen = await upload(client, await smallPng(502));
    await sweepUnusedPhotos(ctx.db, storage, { now: new Date(Date.now() + 25 * HOUR) });
    expect((await fetchPhoto(chosen.body.url)).response.status).toBe(404);

    const created = await client.post("/api/tips", tipBody(chosen.body.url), { schema: ApiErrorSchema });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(PHOTO_GONE);
    const edited = await client.put(`/api/tips/${tip.body._id}`, tipBody(chosen.body.url), {
      schema: ApiErrorSchema,
    });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe(PHOTO_GONE);
    const profile = await client.post("/api/auth/update-user", { image: chosen.body.url });
    expect(profile.status).toBe(400);
    expect(z.object({ message: z.string() }).parse(profile.body).message).toBe(PHOTO_GONE);

    // The tip still shows its photo, the profile the picture it had, and the member has the one tip.
    const after = await client.get(`/api/tips/${tip.body._id}`, { schema: TipSchema });
    expect(after.body.images).toBe(kept.body.url);
    const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
    expect(session.body?.user.image).toBe("https://images.example.com/avatar.png");
    const mine = await ctx.db
      .select({ id: tips.id })
      .from(tips)
      .where(eq(tips.authorId, session.body?.user.id ?? ""));
    expect(mine).toEqual([{ id: tip.body._id }]);

    // Uploaded again, it is stored anew, its copies too, and the form goes through.
    const again = await upload(client, await smallPng(502));
    expect(again.body.url).toBe(chosen.body.url);
    for (const name of storedFiles().filter((file) => file.startsWith(chosen.body.hash)))
      expect((await fetchPhoto(`http://localhost/uploads/${name}`)).response.status).toBe(200);
    expect((await fetchPhoto(again.body.url)).response.status).toBe(200);
    expect((await client.post("/api/tips", tipBody(again.body.url))).status).toBe(201);
  });

  it("that a write names after the photo was deleted fails the member's way, not as a server error", async () => {
    // What a tip or profile written just as the sweep deletes its photo meets: the reference to it fails.
    const gone = "f".repeat(32);
    const client = await signedIn();
    const tip = await client.post("/api/tips", tipBody(null), { schema: TipSchema });
    await expect(
      writingPhoto(() => ctx.db.update(tips).set({ photoHash: gone }).where(eq(tips.id, tip.body._id))),
    ).rejects.toThrow(PhotoGoneError);
    const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
    await expect(
      writingPhoto(() =>
        ctx.db
          .update(users)
          .set({ photoHash: gone })
          .where(eq(users.id, session.body?.user.id ?? "")),
      ),
    ).rejects.toThrow(PhotoGoneError);
    // Any other failure is left as it is.
    await expect(writingPhoto(() => Promise.reject(new Error("elsewhere")))).rejects.toThrow("elsewhere");
  });
});

describe("a site that moves", () => {
  it("keeps every uploaded photo: a restart with a new BASE_URL answers them at the new address", async () => {
    const account = newAccount();
    const client = createClient(ctx.app);
    expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
    const photo = await upload(client, await smallPng(501));
    const portrait = await upload(client, await smallPng(502));
    const name = new URL(photo.body.url).pathname.split("/").at(-1) ?? "";
    const portraitName = new URL(portrait.body.url).pathname.split("/").at(-1) ?? "";
    const tip = await client.post("/api/tips", tipBody(photo.body.url), { schema: TipSchema });
    expect(tip.body.images).toBe(`http://localhost/uploads/${name}`);
    expect((await client.post("/api/auth/update-user", { image: portrait.body.url })).status).toBe(200);
    const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
    expect(session.body?.user.image).toBe(`http://localhost/uploads/${portraitName}`);

    // The same data and photos, served from a new address.
    const moved = createApp({
      db: ctx.db,
      authSecret: randomBytes(32).toString("hex"),
      config: { BASE_URL: "http://garden.example:8080", RATE_LIMIT: false },
      storage: createFolderStorage({ dir, publicBase: "http://garden.example:8080/uploads" }),
      passwordHashing: quickPasswords,
    });
    const visitor = createClient(moved);
    const seen = await visitor.get(`/api/tips/${tip.body._id}`, { schema: TipSchema });
    expect(seen.body.images).toBe(`http://garden.example:8080/uploads/${name}`);
    const file = await moved.request(seen.body.images);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");

    const member = createClient(moved);
    const signIn = await member.post(
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { schema: z.object({ user: UserSchema }) },
    );
    expect(signIn.body.user.image).toBe(`http://garden.example:8080/uploads/${portraitName}`);
    const again = await member.get("/api/auth/get-session", { schema: SessionSchema });
    expect(again.body?.user.image).toBe(`http://garden.example:8080/uploads/${portraitName}`);
    expect((await moved.request(again.body?.user.image ?? "")).status).toBe(200);
  });

  it("answers an uploaded photo's size and copies beside its address, wherever it shows", async () => {
    const account = newAccount();
    const client = createClient(ctx.app);
    expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
    const photo = await upload(
      client,
      await phonePhoto({ width: 1200, height: 900, orientation: 1, seed: 9 }),
    );
    expect(photo.status).toBe(201);
    const view = { width: photo.body.width, height: photo.body.height, srcSet: photo.body.srcSet };
    expect(view.srcSet).toBe(
      [`480w`, `960w`].map((w) => `http://localhost/uploads/${photo.body.hash}-${w}.webp ${w}`).join(", ") +
        `, ${photo.body.url} 1200w`,
    );
    const tip = await client.post("/api/tips", tipBody(photo.body.url), { schema: TipSchema });
    expect(tip.body).toMatchObject({ images: photo.body.url, photo: view });
    expect((await client.post("/api/auth/update-user", { image: photo.body.url })).status).toBe(200);
    const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
    expect(session.body?.user).toMatchObject({ image: photo.body.url, photo: view });
    // The record's own hash is the server's: no answer about the account carries it.
    expect(JSON.stringify(session.body)).not.toContain("photoHash");
    // Removing the profile photo removes the uploaded one: the default avatar again.
    expect((await client.post("/api/auth/update-user", { image: null })).status).toBe(200);
    const removed = await client.get("/api/auth/get-session", { schema: SessionSchema });
    expect(removed.body?.user.image).toBeNull();
    expect(removed.body?.user).not.toHaveProperty("photo");
    expect((await client.post("/api/auth/update-user", { image: photo.body.url })).status).toBe(200);
    const read = await createClient(ctx.app).get(`/api/tips/${tip.body._id}`, { schema: TipSchema });
    expect(read.body.photo).toEqual(view);

    // A picture linked from elsewhere is shown as it is, with nothing said of its size.
    const linked = await client.post("/api/tips", tipBody("https://pics.example/rose.jpg"), {
      schema: TipSchema,
    });
    expect(linked.body.images).toBe("https://pics.example/rose.jpg");
    expect(linked.body).not.toHaveProperty("photo");
  });

  it("keeps a picture linked from elsewhere exactly as it was given", async () => {
    const client = await signedIn();
    const linked = "https://pics.example/uploads/0123456789abcdef0123456789abcdef-800x600.webp";
    const tip = await client.post("/api/tips", tipBody(linked), { schema: TipSchema });
    expect(tip.body.images).toBe(linked);
  });
});
