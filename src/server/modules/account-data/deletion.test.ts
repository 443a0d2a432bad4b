import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AccountDeletionSchema,
  DataExportStatusSchema,
  FORMER_GARDENER,
} from "#shared/schemas/account-data.ts";
import { CommentSchema } from "#shared/schemas/comment.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { rowsOf } from "../../db/rows.ts";
import { accountDeletions, keptCounts, photos, sessions, tips, users } from "../../db/schema.ts";
import { silentLogger } from "../../lib/logger.ts";
import { MailQueue } from "../../mail/mail-queue.ts";
import { createFolderArchives } from "../../storage/archive-store.ts";
import { createMemoryStorage } from "../../storage/photo-storage.ts";
import { googleSignIn, startGoogleApp } from "../../test/google-app.ts";
import { createClient, newAccount, type TestClient } from "../../test/http-client.ts";
import { memberVerifiedByLink, signedInMember } from "../../test/members.ts";
import { commentOn, handleOf, memberWithRole, tipBy, waitForMail } from "../../test/moderation-fixtures.ts";
import { phonePhoto, photoForm } from "../../test/photo-fixtures.ts";
import { eventually } from "../../test/poll.ts";
import { createTestApp } from "../../test/test-db.ts";
import { runDueDeletions } from "./deletion.service.ts";
import { deletionLedger, readLedgerFile, reapplyDeletions } from "./deletion-ledger.ts";

/**
 * A member deleting their account (ADR 089), as they ask for it, change their mind, or wait out the grace:
 * what goes, what stays under "Former gardener" or as a placeholder, counts that stay exact, files gone
 * from the storage, two servers at once, and a restore that deletes again.
 */
const archiveDir = mkdtempSync(path.join(tmpdir(), "garden-deletions-"));
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

const DAY_MS = 86_400_000;
const deps = () => ({ db: app.db, archives, storage, baseUrl: "http://localhost", logger: silentLogger });
const deliver = () => new MailQueue(app.db, app.mailer, silentLogger).deliver();
type Member = Awaited<ReturnType<typeof signedInMember>>;

const askToDelete = (member: Member, body: Record<string, unknown>) =>
  member.client.post("/api/account/delete", body, {
    schema: z.union([AccountDeletionSchema, ApiErrorSchema]),
  });

async function deleteAccount(member: Member, keep: "nothing" | "anonymous") {
  const res = await askToDelete(member, {
    password: member.account.password,
    handle: await handleOf(app, member.id),
    keep,
  });
  expect(res.status, res.text).toBe(202);
  return AccountDeletionSchema.parse(res.body);
}

/** Signs `member` in on `client`, another browser or the same one later. */
const signInAgain = (client: TestClient, member: Member) =>
  client.post("/api/auth/sign-in/email", { email: member.account.email, password: member.account.password });

/** After the grace: the job as at `dueAt` and a minute, for this member only. */
const runAfterGrace = (member: Member, dueAt: string) =>
  runDueDeletions(deps(), { now: new Date(Date.parse(dueAt) + 60_000), onlyUserId: member.id });

async function uploadPhoto(client: TestClient, seed: number) {
  const res = await client.postForm("/api/uploads", photoForm(await phonePhoto({ seed })), {
    schema: UploadedPhotoSchema,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function tipWithPhoto(member: Member, seed: number) {
  const photo = await uploadPhoto(member.client, seed);
  const tip = await tipBy(member.client, { title: `Photo tip ${seed}` });
  const res = await member.client.put(`/api/tips/${tip._id}`, {
    title: tip.title,
    plantType: tip.plantType,
    difficulty: tip.difficulty,
    description: tip.description,
    category: tip.category,
    images: photo.url,
  });
  expect(res.status, res.text).toBe(200);
  const [row] = await app.db.select({ hash: tips.photoHash }).from(tips).where(eq(tips.id, tip._id));
  const [stored] = await app.db
    .select()
    .from(photos)
    .where(eq(photos.hash, row?.hash ?? ""));
  expect(stored).toBeDefined();
  return { tip, key: stored?.storageKey ?? "" };
}

const visitor = () => createClient(app.app);
const tipAnswer = (id: string, client = visitor()) => client.get(`/api/tips/${id}`, { schema: TipSchema });
const likesOf = async (id: string) =>
  (await app.db.select({ n: tips.totalLiked }).from(tips).where(eq(tips.id, id)))[0]?.n;

/** Rows of any table whose text holds `needle`. */
async function rowsNaming(needle: string): Promise<string[]> {
  const tables = await rowsOf(
    app.db,
    z.object({ name: z.string() }),
    sql`select tablename as name from pg_catalog.pg_tables where schemaname = 'public'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await rowsOf(
      app.db,
      z.object({ n: z.coerce.number() }),
      sql`select count(*) as n from ${sql.identifier(name)} t where t::text ilike ${`%${needle}%`}`,
    );
    if ((row?.n ?? 0) > 0) found.push(name);
  }
  return found;
}

/** Total Gardeners as kept, and as counted: they must agree. */
async function gardenerCounts() {
  const [kept] = await app.db
    .select({ total: keptCounts.total })
    .from(keptCounts)
    .where(eq(keptCounts.name, "explorable_members"));
  const [counted] = await rowsOf(
    app.db,
    z.object({ n: z.coerce.number() }),
    sql`select count(*) as n from users where explorable`,
  );
  return { kept: kept?.total, counted: counted?.n };
}

describe("asking to delete my account", () => {
  it("needs my handle typed and my password, and refuses an administrator", async () => {
    const member = await signedInMember(app, { name: "Careful" });
    const handle = await handleOf(app, member.id);
    const wrongHandle = await askToDelete(member, {
      password: member.account.password,
      handle: "someone_else",
      keep: "nothing",
    });
    expect(wrongHandle.status).toBe(400);
    expect(wrongHandle.text).toContain(`Type your handle, ${handle}`);
    const wrongPassword = await askToDelete(member, {
      password: "Not-my-password1",
      handle,
      keep: "nothing",
    });
    expect(wrongPassword.status).toBe(403);
    const badKeep = await askToDelete(member, { password: member.account.password, handle, keep: "some" });
    expect(badKeep.status).toBe(400);
    // Nothing happened: still signed in, still shown.
    expect((await member.client.get("/api/profile")).status).toBe(200);
    expect((await visitor().get(`/api/gardeners/${handle}`)).status).toBe(200);
    const signedOut = await visitor().post("/api/account/delete", { handle, keep: "nothing" });
    expect(signedOut.status).toBe(401);

    const administrator = await memberWithRole(app, "administrator");
    const refused = await administrator.client.post("/api/account/delete", {
      password: administrator.account.password,
      handle: await handleOf(app, administrator.id),
      keep: "nothing",
    });
    expect(refused.status).toBe(409);
  });

  it("hides the account and signs it out everywhere at once; signing in within the grace keeps it", async () => {
    const member = await signedInMember(app, { name: "Wavering" });
    const elsewhere = createClient(app.app);
    expect((await signInAgain(elsewhere, member)).status).toBe(200);
    const handle = await handleOf(app, member.id);
    const tip = await tipBy(member.client, { title: "Wavering's radishes" });
    const neighbour = await signedInMember(app, { name: "Neighbour" });
    const theirs = await tipBy(neighbour.client, { title: "Neighbour's nettles" });
    const said = await commentOn(member.client, theirs._id, "Wavering likes nettle tea");
    const commentOf = async () =>
      (await visitor().get(`/api/tips/${theirs._id}/comments`, { schema: z.array(CommentSchema) })).body.find(
        (c) => c._id === said._id,
      );
    const before = await gardenerCounts();
    const since = app.mailer.sent.length;

    const deletion = await deleteAccount(member, "anonymous");
    expect(Date.parse(deletion.dueAt) - Date.parse(deletion.requestedAt)).toBe(7 * DAY_MS);
    await waitForMail(app, member.account.email, {
      since,
      where: (m) => m.subject.includes("will be deleted"),
      deliver,
    });
    // Signed out on both devices; the page, the tip and the listing are gone for everyone.
    expect((await member.client.get("/api/profile")).status).toBe(401);
    expect((await elsewhere.get("/api/profile")).status).toBe(401);
    expect((await visitor().get(`/api/gardeners/${handle}`)).status).toBe(404);
    // Their comment keeps its place in the thread, without its words or their name.
    expect(await commentOf()).toMatchObject({ deleted: true, body: "", author: null });
    const hidden = await visitor().get(`/api/tips/${tip._id}`, { schema: ApiErrorSchema });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("Tip not found");
    const after = await gardenerCounts();
    expect(after.kept).toBe(after.counted);
    expect(after.kept).toBe((before.kept ?? 0) - 1);

    // Signing in again keeps everything as it was, and says so.
    const back = createClient(app.app);
    expect((await signInAgain(back, member)).status).toBe(200);
    expect((await tipAnswer(tip._id)).status).toBe(200);
    expect((await visitor().get(`/api/gardeners/${handle}`)).status).toBe(200);
    expect(await gardenerCounts()).toEqual(before);
    expect(await commentOf()).toMatchObject({ deleted: false, body: said.body });
    await waitForMail(app, member.account.email, {
      since,
      where: (m) => m.subject.includes("stays"),
      deliver,
    });
    // Nothing left to do once the grace would have ended.
    expect(await runAfterGrace(member, deletion.dueAt)).toEqual({ reminded: 0, deleted: 0 });
    expect((await back.delete("/api/account/delete")).status).toBe(204);
    const [row] = await app.db.select().from(accountDeletions).where(eq(accountDeletions.userId, member.id));
    expect(row?.state).toBe("cancelled");
  });

  it("takes a recent Google sign-in for the password of an account that has none", async () => {
    const email = newAccount().email;
    const google = await startGoogleApp({
      sub: `sub-${email}`,
      email,
      name: "Google Gardener",
      picture: "http://localhost/images/google.svg",
    });
    try {
      // The first verified account is the administrator's (ADR 040): someone else's here.
      await memberVerifiedByLink(google);
      const { client, callback } = await googleSignIn(google.app);
      expect(callback.status).toBe(302);
      const [account] = await google.db.select().from(users).where(eq(users.email, email));
      const handle = account?.handle ?? "";
      const ask = () =>
        client.post(
          "/api/account/delete",
          { handle, keep: "anonymous" },
          { schema: ApiErrorSchema.or(AccountDeletionSchema) },
        );
      // A sign-in older than ten minutes does not stand for a password.
      await google.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(sessions.userId, account?.id ?? ""));
      const stale = await ask();
      expect(stale.status).toBe(403);
      expect(stale.text).toContain("Sign in with Google again");
      // Signed in again with Google: accepted, then kept by the next Google sign-in.
      const again = await googleSignIn(google.app);
      const res = await again.client.post(
        "/api/account/delete",
        { handle, keep: "anonymous" },
        { schema: AccountDeletionSchema },
      );
      expect(res.status, res.text).toBe(202);
      expect((await again.client.get("/api/profile")).status).toBe(401);
      await googleSignIn(google.app);
      const [row] = await google.db
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.userId, account?.id ?? ""));
      expect(row?.state).toBe("cancelled");
    } finally {
      await google.close();
    }
  });

  it("e-mails a day before the end, once", async () => {
    const member = await signedInMember(app, { name: "Reminded" });
    const deletion = await deleteAccount(member, "nothing");
    const since = app.mailer.sent.length;
    const dayBefore = new Date(Date.parse(deletion.dueAt) - 12 * 3_600_000);
    expect(
      await runDueDeletions(deps(), {
        now: new Date(Date.parse(deletion.dueAt) - 2 * DAY_MS),
        onlyUserId: member.id,
      }),
    ).toEqual({ reminded: 0, deleted: 0 });
    expect(await runDueDeletions(deps(), { now: dayBefore, onlyUserId: member.id })).toEqual({
      reminded: 1,
      deleted: 0,
    });
    expect(await runDueDeletions(deps(), { now: dayBefore, onlyUserId: member.id })).toEqual({
      reminded: 0,
      deleted: 0,
    });
    const [mail] = await waitForMail(app, member.account.email, {
      since,
      where: (m) => m.subject.includes("deleted tomorrow"),
      deliver,
    });
    expect(mail?.text).toContain("/auth/login");
  });
});

describe("when the grace ends", () => {
  it("deletes everything with nothing kept, leaving placeholders for others' replies and exact counts", async () => {
    const owner = await signedInMember(app, { name: "Leaver" });
    const other = await signedInMember(app, { name: "Neighbour" });
    const fan = await signedInMember(app, { name: "Fan" });
    const ownerHandle = await handleOf(app, owner.id);
    const { tip: answered, key: photoKey } = await tipWithPhoto(owner, 31);
    const alone = await tipBy(owner.client, { title: "Leaver's lonely leeks" });
    const theirs = await tipBy(other.client, { title: "Neighbour's neat nasturtiums" });
    const reply = await commentOn(other.client, answered._id, "Neighbour answers under the tip");
    const answeredComment = await commentOn(owner.client, theirs._id, "Leaver asks a question");
    const replyToOwner = await other.client.post(
      `/api/tips/${theirs._id}/comments`,
      { body: "Neighbour replies", replyTo: answeredComment._id },
      { schema: CommentSchema },
    );
    expect(replyToOwner.status, replyToOwner.text).toBe(201);
    const lonelyComment = await commentOn(owner.client, theirs._id, "Leaver's passing remark");
    expect((await owner.client.post(`/api/tips/${theirs._id}/like`, {})).status).toBe(200);
    expect((await fan.client.post(`/api/tips/${answered._id}/like`, {})).status).toBe(200);
    expect(
      (await owner.client.put(`/api/gardeners/${await handleOf(app, other.id)}/follow`, {})).status,
    ).toBe(200);
    expect((await fan.client.put(`/api/gardeners/${ownerHandle}/follow`, {})).status).toBe(200);
    expect(
      (await owner.client.put(`/api/tips/${theirs._id}/bookmark`, { note: "Leaver's note" })).status,
    ).toBeLessThan(300);
    expect(
      (await owner.client.post("/api/account/export", {}, { schema: DataExportStatusSchema })).status,
    ).toBe(202);
    await eventually(
      "the export built",
      async () => {
        await app.app.request("/api/health");
        return readdirSync(archiveDir).some((name) => name.endsWith(".zip")) || undefined;
      },
      { withinMs: 60_000, everyMs: 100 },
    );
    const likesBefore = await likesOf(theirs._id);
    expect(await storage.get(photoKey)).not.toBeNull();

    const deletion = await deleteAccount(owner, "nothing");
    const since = app.mailer.sent.length;
    expect(await runAfterGrace(owner, deletion.dueAt)).toEqual({ reminded: 0, deleted: 1 });

    // The tip others answered stays as a placeholder with their reply; the other tip is gone.
    const placeholder = await tipAnswer(answered._id);
    expect(placeholder.status, placeholder.text).toBe(200);
    expect(placeholder.body).toMatchObject({
      title: "Deleted tip",
      description: "",
      name: FORMER_GARDENER,
      authorGone: "placeholder",
    });
    expect(placeholder.body.email).toBeUndefined();
    const under = await visitor().get(`/api/tips/${answered._id}/comments`);
    expect(under.text).toContain(reply.body);
    expect((await visitor().get(`/api/tips/${alone._id}`)).status).toBe(404);
    // Not in any list, and no new comment goes under it.
    const list = await visitor().get("/api/tips?limit=100&sort=newest");
    expect(list.text).not.toContain(answered._id);
    expect((await other.client.post(`/api/tips/${answered._id}/comments`, { body: "Anyone?" })).status).toBe(
      404,
    );

    // The comment others answered stays as "[deleted]"; the one nobody answered is gone.
    const thread = await visitor().get(`/api/tips/${theirs._id}/comments`, {
      schema: z.array(CommentSchema),
    });
    const comments = thread.body;
    expect(comments.find((c) => c._id === answeredComment._id)).toMatchObject({
      deleted: true,
      body: "",
      author: null,
    });
    expect(comments.some((c) => c._id === lonelyComment._id)).toBe(false);
    expect(comments.some((c) => c.body === "Neighbour replies")).toBe(true);

    // Counts: the like given is taken off, Total Gardeners agrees with the members it lists.
    expect(await likesOf(theirs._id)).toBe((likesBefore ?? 0) - 1);
    const counts = await gardenerCounts();
    expect(counts.kept).toBe(counts.counted);
    // Files: the photo and the copy of their data are gone from the storage.
    expect(await storage.get(photoKey)).toBeNull();
    expect(readdirSync(archiveDir).filter((name) => name.endsWith(".zip"))).toEqual([]);
    // Once the last e-mail went, no row anywhere names them; the page is gone, the handle kept from others.
    await deliver();
    expect(await rowsNaming(owner.account.email)).toEqual([]);
    expect(await rowsNaming(owner.account.name)).toEqual([]);
    expect((await visitor().get(`/api/gardeners/${ownerHandle}`)).status).toBe(404);
    const taker = await signedInMember(app, { name: "Taker" });
    const taken = await taker.client.patch(
      "/api/profile",
      { handle: ownerHandle },
      { schema: ApiErrorSchema },
    );
    expect(taken.status).toBe(409);
    // Signing in is no longer possible, and the address is told it is done.
    const signIn = await createClient(app.app).post("/api/auth/sign-in/email", {
      email: owner.account.email,
      password: owner.account.password,
    });
    expect(signIn.status).toBe(401);
    const [done] = await waitForMail(app, owner.account.email, {
      since,
      where: (m) => m.subject.includes("is deleted"),
      deliver,
    });
    expect(done?.text).toContain("last message");
  });

  it("keeps tips and comments under Former gardener, naming nobody", async () => {
    const owner = await signedInMember(app, { name: "Anonymous" });
    const other = await signedInMember(app, { name: "Reader" });
    const tip = await tipBy(owner.client, { title: "Anonymous's asparagus" });
    const theirs = await tipBy(other.client, { title: "Reader's rhubarb" });
    await commentOn(owner.client, theirs._id, "Anonymous says hello");
    expect((await owner.client.post(`/api/tips/${theirs._id}/like`, {})).status).toBe(200);
    const likesBefore = await likesOf(theirs._id);

    const deletion = await deleteAccount(owner, "anonymous");
    expect(await runAfterGrace(owner, deletion.dueAt)).toEqual({ reminded: 0, deleted: 1 });

    const kept = await tipAnswer(tip._id);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ title: tip.title, name: FORMER_GARDENER, authorGone: "anonymous" });
    expect(kept.body.email).toBeUndefined();
    expect((await visitor().get(`/api/gardeners/${kept.body.authorHandle}`)).status).toBe(404);
    const thread = await visitor().get(`/api/tips/${theirs._id}/comments`, {
      schema: z.array(CommentSchema),
    });
    expect(thread.body.find((c) => c.body === "Anonymous says hello")?.author).toMatchObject({
      name: FORMER_GARDENER,
      gone: true,
    });
    expect(await likesOf(theirs._id)).toBe((likesBefore ?? 0) - 1);
    await deliver();
    expect(await rowsNaming(owner.account.email)).toEqual([]);
    expect(await rowsNaming(owner.account.name)).toEqual([]);
    const counts = await gardenerCounts();
    expect(counts.kept).toBe(counts.counted);
  });

  it("is done once when two servers run the job at once", async () => {
    const member = await signedInMember(app, { name: "Twice" });
    await tipBy(member.client, { title: "Twice's tomatoes" });
    const deletion = await deleteAccount(member, "nothing");
    const since = app.mailer.sent.length;
    const at = { now: new Date(Date.parse(deletion.dueAt) + 60_000), onlyUserId: member.id };
    const runs = await Promise.all([runDueDeletions(deps(), at), runDueDeletions(deps(), at)]);
    expect(runs.reduce((sum, run) => sum + run.deleted, 0)).toBe(1);
    await deliver();
    expect(
      app.mailer.sent
        .slice(since)
        .filter((m) => m.to === member.account.email && m.subject.includes("is deleted")),
    ).toHaveLength(1);
  });

  it("is done again by a restore of a backup that still holds the account", async () => {
    const member = await signedInMember(app, { name: "Restored" });
    const handle = await handleOf(app, member.id);
    await tipBy(member.client, { title: "Restored's rocket" });
    const deletion = await deleteAccount(member, "nothing");
    // The job writes each deletion beside the backups too, for a restore into an empty site.
    const ledgerFile = path.join(archiveDir, "deletions.jsonl");
    await runDueDeletions(
      { ...deps(), ledgerFile },
      { now: new Date(Date.parse(deletion.dueAt) + 60_000), onlyUserId: member.id },
    );
    const ledger = await readLedgerFile(ledgerFile);
    expect(ledger).toEqual((await deletionLedger(app.db)).filter((entry) => entry.userId === member.id));
    expect(ledger).toHaveLength(1);
    // What a backup made before the deletion holds: the account as it was, with no record of the deletion.
    await app.db.delete(accountDeletions).where(eq(accountDeletions.userId, member.id));
    await app.db
      .update(users)
      .set({ name: member.account.name, email: member.account.email, handle, departure: null, listed: true })
      .where(eq(users.id, member.id));
    expect(await rowsNaming(member.account.email)).not.toEqual([]);

    expect(await reapplyDeletions(app.db, storage, ledger)).toBe(1);
    expect(await rowsNaming(member.account.email)).toEqual([]);
    expect((await visitor().get(`/api/gardeners/${handle}`)).status).toBe(404);
    const [row] = await app.db.select().from(accountDeletions).where(eq(accountDeletions.userId, member.id));
    expect(row).toMatchObject({ state: "done", handle });
    // Applied twice, it does nothing more.
    expect(await reapplyDeletions(app.db, storage, ledger)).toBe(0);
  });
});
