import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { z } from "zod";
import {
  DataExportStatusSchema,
  DataRequestSchema,
  ExportFilesSchema,
} from "#shared/schemas/account-data.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { NotificationSchema } from "#shared/schemas/notification.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { dataExports, users } from "../../db/schema.ts";
import { silentLogger } from "../../lib/logger.ts";
import { MailQueue } from "../../mail/mail-queue.ts";
import { createFolderArchives } from "../../storage/archive-store.ts";
import { createMemoryStorage } from "../../storage/photo-storage.ts";
import { createClient, type TestClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import {
  caseInQueue,
  commentOn,
  memberWithRole,
  reportBy,
  settleCase,
  tipBy,
  waitForMail,
} from "../../test/moderation-fixtures.ts";
import { phonePhoto, photoForm } from "../../test/photo-fixtures.ts";
import { eventually } from "../../test/poll.ts";
import { createTestApp } from "../../test/test-db.ts";
import { buildDueExports } from "./export.service.ts";
import { expireExports, sweepStrayArchives } from "./export-sweeps.ts";

/**
 * A member's copy of their data (ADR 088), as they ask for it, wait for it and download it: what the zip
 * holds, what it must never hold, one a day, the link's owner and end, and two servers building at once.
 */
const archiveDir = mkdtempSync(path.join(tmpdir(), "garden-exports-"));
const archives = createFolderArchives(archiveDir);
const storage = createMemoryStorage({ publicBase: "http://localhost/uploads" });
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false }, archives, storage });
});
afterAll(async () => {
  await app.close();
  rmSync(archiveDir, { recursive: true, force: true });
});

const deps = () => ({
  db: app.db,
  archives,
  storage,
  baseUrl: "http://localhost",
  secret: app.authSecret,
  logger: silentLogger,
});
const status = async (client: TestClient) => {
  const res = await client.get("/api/account/export", { schema: DataExportStatusSchema });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const askForExport = (client: TestClient) =>
  client.post("/api/account/export", {}, { schema: DataExportStatusSchema });
const readyExport = (client: TestClient) =>
  eventually(
    "the export ready",
    async () => {
      const { latest } = await status(client);
      return latest?.state === "ready" ? latest : undefined;
    },
    { withinMs: 60_000, everyMs: 50 },
  );

/** GETs `url` with the client's cookies (or none), answering the raw response. */
function download(url: string, client?: TestClient, headers: Record<string, string> = {}) {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") : undefined;
  return app.app.request(url, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

/** Every entry of a zip, by name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return entries;
}

async function uploadPhoto(client: TestClient, seed: number) {
  const res = await client.postForm("/api/uploads", photoForm(await phonePhoto({ seed })), {
    schema: UploadedPhotoSchema,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("downloading my data", () => {
  it("holds everything the member gave, in the API's shapes, and nothing of anyone else's", async () => {
    const owner = await signedInMember(app, { name: "Owner" });
    const other = await signedInMember(app, { name: "Neighbour" });
    const fan = await signedInMember(app, { name: "Fan" });
    const pest = await signedInMember(app, { name: "Pest" });
    const moderator = await memberWithRole(app, "moderator", { ageHours: 24 * 60 });

    const photo = await uploadPhoto(owner.client, 7);
    const shown = await tipBy(owner.client, { title: "Owner's <script>alert(1)</script> beans" });
    const withPhoto = await owner.client.put(`/api/tips/${shown._id}`, {
      title: shown.title,
      plantType: shown.plantType,
      difficulty: shown.difficulty,
      description: shown.description,
      category: shown.category,
      images: photo.url,
    });
    expect(withPhoto.status, withPhoto.text).toBe(200);
    const hidden = await tipBy(owner.client, { title: "Owner's private compost", availability: "Private" });
    const theirs = await tipBy(other.client, { title: "Neighbour's leeks" });
    const theirPrivate = await tipBy(other.client, {
      title: "Neighbour's secret bed",
      availability: "Private",
    });
    await commentOn(owner.client, theirs._id, "Owner says: leeks love nitrogen");
    await commentOn(other.client, shown._id, "Neighbour whispers: try beans in pots");
    expect((await owner.client.post(`/api/tips/${theirs._id}/like`, {})).status).toBe(200);
    expect((await owner.client.put(`/api/gardeners/${await handle(other.id)}/follow`, {})).status).toBe(200);
    expect((await fan.client.put(`/api/gardeners/${await handle(owner.id)}/follow`, {})).status).toBe(200);
    expect((await owner.client.post(`/api/blocks/${await handle(pest.id)}`, {})).status).toBeLessThan(300);
    expect((await owner.client.patch("/api/settings", { hemisphere: "north" })).status).toBe(200);
    expect(
      (
        await owner.client.put(`/api/tips/${theirs._id}/bookmark`, {
          note: "=HYPERLINK(1)",
          remindSeason: "spring",
        })
      ).status,
    ).toBeLessThan(300);
    expect((await owner.client.patch("/api/settings", { emailMentions: false })).status).toBe(200);
    await reportBy(owner, "tip", theirs._id, "spam", "Owner's note on the report");
    // The moderators remove a comment of the owner's: a notice about them.
    const reported = await commentOn(owner.client, theirs._id, "Owner's comment the moderators remove");
    await reportBy(other, "comment", reported._id, "rude or harassing");
    const item = await caseInQueue(moderator.client, reported._id);
    await settleCase(moderator.client, item._id, { action: "hide", reason: "Rude to a neighbour" });

    const asked = await askForExport(owner.client);
    expect(asked.status, asked.text).toBe(202);
    expect(["waiting", "building", "ready"]).toContain(asked.body.latest?.state);
    expect(asked.body.nextAllowedAt).not.toBeNull();
    const ready = await readyExport(owner.client);
    expect(ready.progress.done).toBe(ready.progress.total);
    expect(ready.downloadUrl).toMatch(
      /^http:\/\/localhost\/api\/account\/export\/.+\/download\?expires=\d+&signature=/,
    );

    // Told in the site and by e-mail, with the same link.
    const notes = await owner.client.get("/api/notifications", { schema: z.array(NotificationSchema) });
    expect(notes.body[0]).toMatchObject({ kind: "export", path: "/profile#your-data" });
    const [mail] = await waitForMail(app, owner.account.email, {
      where: (m) => m.subject.includes("ready to download"),
      deliver: () => new MailQueue(app.db, app.mailer, silentLogger).deliver(),
    });
    expect(mail?.text).toContain(ready.downloadUrl ?? "-");

    const res = await download(ready.downloadUrl ?? "", owner.client);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="garden-community-data-\d{4}-\d\d-\d\d\.zip"/,
    );
    const zip = await unzip(Buffer.from(await res.arrayBuffer()));
    const names = [...zip.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        "profile.json",
        "tips.json",
        "comments.json",
        "likes.json",
        "follows.csv",
        "followers.csv",
        "blocks.csv",
        "bookmarks.csv",
        "sowing-reminders.csv",
        "settings.json",
        "reports.json",
        "notices.json",
        "sessions.csv",
        "mutes.csv",
        "schema.json",
        "README.html",
      ]),
    );
    const text = (name: string) => zip.get(name)?.toString("utf8") ?? "";
    const json = (name: string) => JSON.parse(text(name)) as unknown;

    // Every JSON file matches the schema in the zip, and the API's own shapes.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(json("schema.json") as object);
    const files = Object.fromEntries(Object.keys(ExportFilesSchema.shape).map((name) => [name, json(name)]));
    expect(validate(files), JSON.stringify(validate.errors)).toBe(true);
    const parsed = ExportFilesSchema.parse(files);

    expect(parsed["profile.json"].account).toMatchObject({ id: owner.id, email: owner.account.email });
    expect(parsed["tips.json"].map((tip) => tip.title).sort()).toEqual([hidden.title, shown.title].sort());
    expect(parsed["tips.json"].find((tip) => tip._id === shown._id)?.totalComments).toBe(1);
    expect(parsed["comments.json"].map((c) => c.body)).toEqual(
      expect.arrayContaining(["Owner says: leeks love nitrogen"]),
    );
    expect(
      parsed["comments.json"].every(
        (c) => c.author === null || c.author.handle === parsed["profile.json"].account.handle,
      ),
    ).toBe(true);
    expect(parsed["likes.json"]).toEqual([
      expect.objectContaining({ tipId: theirs._id, title: theirs.title }),
    ]);
    expect(parsed["settings.json"].emailMentions).toBe(false);
    expect(parsed["reports.json"]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ targetId: theirs._id, note: "Owner's note on the report" }),
      ]),
    );
    expect(parsed["notices.json"]).toEqual([
      expect.objectContaining({
        decision: expect.objectContaining({ action: "hide", reason: "Rude to a neighbour" }),
      }),
    ]);
    expect(text("follows.csv")).toContain(await handle(other.id));
    expect(text("followers.csv")).toContain(await handle(fan.id));
    expect(text("blocks.csv")).toContain(await handle(pest.id));
    // A note a spreadsheet would run as a formula is written as text.
    expect(text("bookmarks.csv")).toContain(`${theirs._id},${theirs.title},'=HYPERLINK(1)`);
    expect(text("sessions.csv").split("\r\n")[0]).toBe(
      "started_at,last_seen_at,expires_at,ip_address,device",
    );
    expect(text("sessions.csv")).not.toMatch(/token/i);

    // The photo as stored: the picture, without where it was taken.
    const photoEntry = names.find((name) => name.startsWith("photos/") && name.includes(photo.hash));
    expect(photoEntry).toBeDefined();
    const stored = await sharp(zip.get(photoEntry ?? "")).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif ? exifReader(stored.exif).GPSInfo : undefined).toBeUndefined();

    // README.html shows the tips with their photo, every word escaped.
    const readme = text("README.html");
    expect(readme).toContain(`<img src="${photoEntry}"`);
    expect(readme).toContain("Owner&#39;s &lt;script&gt;alert(1)&lt;/script&gt; beans");
    expect(readme).not.toContain("<script>");
    expect(readme).not.toMatch(/(src|href)="https?:/);

    // Nothing of anyone else's: their comment under the owner's tip, their private tip, their e-mail.
    const everything = [...zip.entries()]
      .filter(([name]) => !name.startsWith("photos/"))
      .map(([, bytes]) => bytes.toString("utf8"))
      .join("\n");
    expect(everything).not.toContain("Neighbour whispers");
    expect(everything).not.toContain(theirPrivate.title);
    expect(everything).not.toContain(other.account.email);
    expect(everything).not.toContain(fan.account.email);
    expect(everything).not.toContain(pest.account.email);
    expect(everything).not.toContain(moderator.account.name);
  });

  it("is asked for once a day, and refused in words that say when", async () => {
    const member = await signedInMember(app, { name: "Daily" });
    expect((await askForExport(member.client)).status).toBe(202);
    const again = await member.client.post("/api/account/export", {}, { schema: ApiErrorSchema });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    expect(again.body.message).toBe(
      "You asked for a copy of your data less than a day ago (one a day). Try again in 24 hours.",
    );
    // Still one request, and it is built.
    await readyExport(member.client);
    const rows = await app.db.select().from(dataExports).where(eq(dataExports.userId, member.id));
    expect(rows).toHaveLength(1);
    // A day later, another.
    await app.db
      .update(dataExports)
      .set({ requestedAt: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where(eq(dataExports.userId, member.id));
    const next = await askForExport(member.client);
    expect(next.status).toBe(202);
    // Built before the next test, which must find no build of this app's under way.
    expect((await readyExport(member.client))._id).toBe(next.body.latest?._id);
  });

  it("downloads for its owner alone, signed in, until its 48 hours end", async () => {
    const owner = await signedInMember(app, { name: "Keeper" });
    const stranger = await signedInMember(app, { name: "Stranger" });
    await askForExport(owner.client);
    const ready = await readyExport(owner.client);
    const url = ready.downloadUrl ?? "";

    const other = await download(url, stranger.client);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe(
      "No such download: use the link on your profile",
    );
    const visitor = await download(url);
    expect(visitor.status).toBe(401);
    // A browser signed out is sent to sign in, then to the profile.
    const browser = await download(url, undefined, { "Sec-Fetch-Mode": "navigate" });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe("/auth/login?returnTo=%2Fprofile%23your-data");
    const bare = await download(url.split("?")[0] ?? "", owner.client);
    expect(bare.status).toBe(404);
    const forged = await download(url.replace(/signature=[^&]+/, "signature=AAAA"), owner.client);
    expect(forged.status).toBe(404);
    const later = await download(url.replace(/expires=\d+/, `expires=${Date.now() + 9e9}`), owner.client);
    expect(later.status).toBe(404);
    expect((await download(url, owner.client)).status).toBe(200);

    // 48 hours on: the file is deleted and the link says so.
    const files = () => readdirSync(archiveDir).filter((name) => name.startsWith(ready._id));
    expect(files()).toHaveLength(1);
    expect(await expireExports(deps(), new Date(Date.now() + 48 * 3_600_000 + 1000))).toBeGreaterThanOrEqual(
      1,
    );
    expect(files()).toHaveLength(0);
    const gone = await download(url, owner.client);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { message: string }).message).toMatch(/expired/);
    expect((await status(owner.client)).latest).toMatchObject({ state: "expired", downloadUrl: null });
  });

  it("is tried again when a build fails, given up after three, and may then be asked again at once", async () => {
    const member = await signedInMember(app, { name: "Unlucky" });
    await uploadPhoto(member.client, 11);
    const [row] = await app.db.insert(dataExports).values({ userId: member.id }).returning();
    // The photos' storage fails on every read: each build stops, and leaves no file behind.
    const failing = { ...storage, get: () => Promise.reject(new Error("the bucket is out of reach")) };
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await buildDueExports({ ...deps(), storage: failing }, { onlyUserId: member.id })).toBe(0);
      const [now] = await app.db
        .select()
        .from(dataExports)
        .where(eq(dataExports.id, row?.id ?? ""));
      expect(now).toMatchObject({
        state: attempt < 3 ? "waiting" : "failed",
        attempts: attempt,
        lastError: "the bucket is out of reach",
      });
    }
    expect(readdirSync(archiveDir).filter((name) => name.startsWith(row?.id ?? "-"))).toEqual([]);
    expect(await status(member.client)).toMatchObject({ latest: { state: "failed" }, nextAllowedAt: null });
    expect((await askForExport(member.client)).status).toBe(202);
    expect((await readyExport(member.client))._id).not.toBe(row?.id);
  });

  it("fails cleanly, leaving nothing, when a photo breaks off half read", async () => {
    const member = await signedInMember(app, { name: "Cut off" });
    await uploadPhoto(member.client, 13);
    const [row] = await app.db.insert(dataExports).values({ userId: member.id }).returning();
    // The first bytes come, then the connection to the storage drops.
    const cutOff = {
      ...storage,
      get: async () => ({
        size: 100_000,
        contentType: "image/webp",
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(1000));
            setTimeout(() => controller.error(new Error("the connection to the storage dropped")), 10);
          },
        }),
      }),
    };
    expect(await buildDueExports({ ...deps(), storage: cutOff }, { onlyUserId: member.id })).toBe(0);
    const [after] = await app.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, row?.id ?? ""));
    expect(after).toMatchObject({ state: "waiting", lastError: "the connection to the storage dropped" });
    expect(readdirSync(archiveDir).filter((name) => name.startsWith(row?.id ?? "-"))).toEqual([]);
    // With the storage back, the next run builds it.
    expect(await buildDueExports(deps(), { onlyUserId: member.id })).toBe(1);
  });

  it("leaves no file behind that no copy names: a deleted account's, a half-written one", async () => {
    const kept = await signedInMember(app, { name: "Stays" });
    const leaving = await signedInMember(app, { name: "Leaves" });
    for (const member of [kept, leaving]) await askForExport(member.client);
    const mine = await readyExport(kept.client);
    const theirs = await readyExport(leaving.client);
    await app.db.delete(users).where(eq(users.id, leaving.id));
    const half = "00000000-0000-4000-8000-000000000000-0123456789abcdef.zip.part";
    writeFileSync(path.join(archiveDir, half), "half a zip");
    const named = (id: string) => readdirSync(archiveDir).filter((name) => name.startsWith(id));
    expect(named(theirs._id)).toHaveLength(1);
    // Ten minutes on (a build may be renaming its file just now): only the ready copy stays.
    expect(await sweepStrayArchives(deps())).toBe(0);
    expect(await sweepStrayArchives(deps(), new Date(Date.now() + 11 * 60_000))).toBeGreaterThanOrEqual(2);
    expect(named(theirs._id)).toEqual([]);
    expect(readdirSync(archiveDir)).not.toContain(half);
    expect(named(mine._id)).toHaveLength(1);
    expect((await download(mine.downloadUrl ?? "", kept.client)).status).toBe(200);
  });

  it("is built once when two servers look at the same moment", async () => {
    const member = await signedInMember(app, { name: "Twice" });
    // Asked on another server: the row is there, nobody has built it yet.
    const [row] = await app.db.insert(dataExports).values({ userId: member.id }).returning();
    const built = await Promise.all([buildDueExports(deps()), buildDueExports(deps())]);
    expect(built.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(readdirSync(archiveDir).filter((name) => name.startsWith(row?.id ?? "-"))).toHaveLength(1);
    const notes = await member.client.get("/api/notifications", { schema: z.array(NotificationSchema) });
    expect(notes.body.filter((n) => n.kind === "export")).toHaveLength(1);
    expect((await status(member.client)).latest?.state).toBe("ready");
  });

  it("shows the administrators who asked and when, never the link, and nobody else", async () => {
    const member = await signedInMember(app, { name: "Asker" });
    await askForExport(member.client);
    await readyExport(member.client);
    const administrator = await memberWithRole(app, "administrator");
    const moderator = await memberWithRole(app, "moderator");
    const res = await administrator.client.get("/api/moderation/data-requests", {
      schema: z.array(DataRequestSchema),
    });
    expect(res.status, res.text).toBe(200);
    const asker = await handle(member.id);
    expect(res.body.find((request) => request.member.handle === asker)).toMatchObject({
      kind: "export",
      state: "ready",
      expiresAt: expect.any(String),
    });
    expect(res.text).not.toMatch(/signature|download/);
    expect((await moderator.client.get("/api/moderation/data-requests")).status).toBe(403);
    expect((await member.client.get("/api/moderation/data-requests")).status).toBe(403);
    expect((await createClient(app.app).get("/api/moderation/data-requests")).status).toBe(401);
  });

  it("answers a visitor and a bad link clearly, changing nothing", async () => {
    const visitor = createClient(app.app);
    expect((await visitor.post("/api/account/export", {}, { schema: ApiErrorSchema })).status).toBe(401);
    expect((await visitor.get("/api/account/export", { schema: ApiErrorSchema })).status).toBe(401);
    const member = await signedInMember(app, { name: "Careful" });
    const bad = await download("/api/account/export/not-an-id/download?expires=1&signature=x", member.client);
    // An id that cannot be one names nothing (ADR 058).
    expect(bad.status).toBe(404);
    const none = await download(
      "/api/account/export/00000000-0000-4000-8000-000000000000/download?expires=1&signature=x",
      member.client,
    );
    expect(none.status).toBe(404);
    expect((await status(member.client)).latest).toBeNull();
    const [account] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, member.id));
    expect(account).toBeDefined();
  });
});

async function handle(id: string) {
  const [row] = await app.db.select({ handle: users.handle }).from(users).where(eq(users.id, id));
  return row?.handle ?? "";
}
