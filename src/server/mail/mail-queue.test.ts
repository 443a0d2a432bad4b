import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.ts";
import { silentLogger } from "../lib/logger.ts";
import { projectRoot } from "../lib/paths.ts";
import { createClient, newAccount } from "../test/http-client.ts";
import { freePort } from "../test/server-process.ts";
import { startSmtpCapture } from "../test/smtp-capture.ts";
import { createTestApp } from "../test/test-db.ts";
import { MailQueue, retryWaitMs, startMailSweep } from "./mail-queue.ts";
import { createMailer, createMemoryMailer, type Mailer } from "./mailer.ts";

/**
 * The mail server down at sign-up (docs/operations.md): the account is made, its e-mail waits in the
 * database, is tried again with a growing wait, and is sent once when the server is back, even with
 * several instances delivering; the profile can still ask for it again meanwhile.
 */
/** The SQL docs/operations.md gives for sending what waits at once. */
function documentedResend(): string {
  const doc = readFileSync(path.join(projectRoot, "docs", "operations.md"), "utf8");
  const statement = /```sql\n(update mail_outbox[^`]*)```/.exec(doc)?.[1];
  if (!statement)
    throw new Error("docs/operations.md no longer says how to send the waiting e-mails at once");
  return statement;
}

async function appWithMailServerAt(port: number) {
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: "Gardening Community <no-reply@garden.test>",
    outboxDir: mkdtempSync(path.join(os.tmpdir(), "garden-outbox-")),
    logger: silentLogger,
  });
  const ctx = await createTestApp({ mailer, config: { RATE_LIMIT: false } });
  const rowsFor = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return { ...ctx, mailer, rowsFor };
}

describe("account e-mail while the mail server is down", () => {
  it("makes the account, keeps the e-mail, and sends it once when the server is back", async () => {
    const port = await freePort();
    const ctx = await appWithMailServerAt(port);
    try {
      const client = createClient(ctx.app);
      const account = newAccount();
      expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
      expect((await client.get("/api/auth/get-session")).status).toBe(200);

      // The first try failed: the message waits, its next try about 30 s away.
      await expect
        .poll(async () => (await ctx.rowsFor(account.email))[0]?.attempts, { timeout: 10_000 })
        .toBe(1);
      const [waiting] = await ctx.rowsFor(account.email);
      expect(waiting?.sentAt).toBeNull();
      expect(waiting?.lastError).toMatch(/ECONNREFUSED/);
      const wait = (waiting?.nextAttemptAt.getTime() ?? 0) - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(30_000);

      // The profile's "send it again" still works: a second message waits beside the first.
      const again = await client.post("/api/auth/send-verification-email", {
        email: account.email,
        callbackURL: "/profile",
      });
      expect(again.status).toBe(200);
      // Its first try failed too (the mail server is still down).
      await expect
        .poll(async () => (await ctx.rowsFor(account.email)).map((row) => row.attempts), { timeout: 10_000 })
        .toEqual([1, 1]);

      // The server is back; both messages are due; two instances deliver at the same moment.
      const capture = await startSmtpCapture({ port });
      try {
        // As docs/operations.md tells an operator to make what waits due at once, word for word.
        await ctx.db.execute(sql.raw(documentedResend()));
        const instances = [
          new MailQueue(ctx.db, ctx.mailer, silentLogger),
          new MailQueue(ctx.db, ctx.mailer, silentLogger),
        ];
        const sent = await Promise.all(instances.map((queue) => queue.deliver()));
        expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
        expect(await Promise.all(instances.map((queue) => queue.deliver()))).toEqual([0, 0]);

        const received = capture.messages.filter((mail) => mail.to.includes(account.email));
        expect(received).toHaveLength(2);
        for (const mail of received) expect(mail.subject).toBe("Confirm your e-mail for Gardening Community");
        // Sent: the rows stay as the record, without the links they carried.
        for (const row of await ctx.rowsFor(account.email)) {
          expect(row.sentAt).toBeInstanceOf(Date);
          expect([row.text, row.html, row.link]).toEqual(["", "", null]);
        }
      } finally {
        await capture.close();
      }
    } finally {
      await ctx.close();
    }
  });

  it("is tried again by the sweep, with a wait that doubles up to an hour", async () => {
    expect([1, 2, 3, 4].map(retryWaitMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryWaitMs(20)).toBe(60 * 60_000);

    const port = await freePort();
    const ctx = await appWithMailServerAt(port);
    const capture = await startSmtpCapture({ port });
    const queue = new MailQueue(ctx.db, ctx.mailer, silentLogger);
    const stop = startMailSweep(queue, silentLogger, { everyMs: 50 });
    try {
      const to = `swept.${Date.now()}@example.com`;
      // A message that failed once and is now due, as the sweep finds it.
      await ctx.db
        .insert(mailOutbox)
        .values({ to, subject: "Swept", text: "t", html: "<p>t</p>", attempts: 1 });
      const mail = await capture.waitForMail((candidate) => candidate.to.includes(to), 10_000);
      expect(mail.subject).toBe("Swept");
      await expect.poll(async () => (await ctx.rowsFor(to))[0]?.sentAt).toBeInstanceOf(Date);
    } finally {
      stop();
      await capture.close();
      await ctx.close();
    }
  });

  it("lets a delivery whose claim lapsed and was taken over send nothing more", async () => {
    const ctx = await createTestApp();
    try {
      const to = `slow.${Date.now()}@example.com`;
      await ctx.db.insert(mailOutbox).values([
        { to, subject: "First", text: "1", html: "<p>1</p>" },
        { to, subject: "Second", text: "2", html: "<p>2</p>" },
      ]);
      // A mail server so slow that the first delivery's claim lapses while it sends the first message.
      let release = () => {};
      let started = () => {};
      const sending = new Promise<void>((resolve) => {
        started = resolve;
      });
      const slowSent: string[] = [];
      const slow: Mailer = {
        describe: "slow",
        local: false,
        send: async (message) => {
          const finish = new Promise<void>((resolve) => {
            release = resolve;
          });
          started();
          await finish;
          slowSent.push(message.subject);
        },
      };
      const first = new MailQueue(ctx.db, slow, silentLogger).deliver();
      await sending;
      await ctx.db
        .update(mailOutbox)
        .set({ claimedAt: sql`now() - interval '10 minutes'` })
        .where(eq(mailOutbox.to, to));
      const fast = createMemoryMailer();
      expect(await new MailQueue(ctx.db, fast, silentLogger).deliver()).toBe(2);
      release();
      // The first delivery finishes its send in flight, but marks nothing and sends nothing more.
      expect(await first).toBe(0);
      expect(slowSent).toHaveLength(1);
      expect(fast.sent.map((message) => message.subject).sort()).toEqual(["First", "Second"]);
      for (const row of await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))
        expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await ctx.close();
    }
  });

  it("never sends a message whose link stopped working, and keeps no link of it", async () => {
    const ctx = await createTestApp();
    try {
      const to = `late.${Date.now()}@example.com`;
      const queue = new MailQueue(ctx.db, ctx.mailer, silentLogger);
      const before = await queue.waiting();
      await ctx.db.insert(mailOutbox).values({
        to,
        subject: "Reset",
        text: "https://garden.test/auth/reset?token=old",
        html: "<a>old</a>",
        link: "https://garden.test/auth/reset?token=old",
        expiresAt: new Date(Date.now() - 1000),
      });
      expect(await queue.deliver()).toBe(0);
      expect(ctx.mailer.sent.filter((message) => message.to === to)).toEqual([]);
      const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      expect([row?.sentAt, row?.text, row?.html, row?.link]).toEqual([null, "", "", null]);
      expect(await queue.waiting()).toBe(before);
    } finally {
      await ctx.close();
    }
  });
});
