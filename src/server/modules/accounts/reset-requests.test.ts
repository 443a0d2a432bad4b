import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { silentLogger } from "../../lib/logger.ts";
import { createMailer, type Mailer, type MailMessage } from "../../mail/mailer.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { quickPasswords } from "../../test/quick-passwords.ts";
import { type SmtpCapture, startSmtpCapture } from "../../test/smtp-capture.ts";
import { openTestDatabase } from "../../test/test-db.ts";

/**
 * A reset request answers before any of the work that depends on the address (ADR 031): the same
 * answer, at once, whether or not an account has it; the e-mail follows.
 */
let database: Database;
let capture: SmtpCapture;
beforeAll(async () => {
  database = await openTestDatabase();
  capture = await startSmtpCapture();
});
afterAll(async () => {
  await capture.close();
  await database.close();
});

const appWith = (mailer: Mailer) =>
  createApp({
    db: database.db,
    authSecret: randomBytes(32).toString("hex"),
    config: { BASE_URL: "http://localhost", RATE_LIMIT: false },
    mailer,
    passwordHashing: quickPasswords,
  });

describe("POST /api/auth/request-password-reset", () => {
  it("answers the same for a known and an unknown address; the known one's e-mail arrives by SMTP", async () => {
    const app = appWith(
      createMailer({ smtpUrl: capture.url, from: "garden@example.com", outboxDir: "", logger: silentLogger }),
    );
    const account = newAccount();
    expect((await createClient(app).post("/api/auth/sign-up/email", account)).status).toBe(200);

    const known = await createClient(app).post("/api/auth/request-password-reset", { email: account.email });
    const unknown = await createClient(app).post("/api/auth/request-password-reset", {
      email: `nobody.${account.email}`,
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());

    const mail = await capture.waitForMail(
      (m) => m.to.includes(account.email) && m.subject.startsWith("Reset"),
      10_000,
    );
    expect(mail.text).toMatch(/http:\/\/localhost\/auth\/reset\?token=[\w-]+/);
  });

  it("answers before any e-mail work: a mail server that has not answered yet does not hold the request", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: MailMessage[] = [];
    // As the outbox mailer says of itself, "local": the previous code waited for such a send in the request.
    const app = appWith({
      describe: "held",
      local: true,
      async send(message) {
        if (message.subject.startsWith("Reset")) await gate;
        sent.push(message);
      },
    });
    const account = newAccount();
    expect((await createClient(app).post("/api/auth/sign-up/email", account)).status).toBe(200);

    const answered = await Promise.race([
      createClient(app).post("/api/auth/request-password-reset", { email: account.email }),
      new Promise<"held">((resolve) => setTimeout(() => resolve("held"), 5_000)),
    ]);
    expect(answered).not.toBe("held");
    expect(answered === "held" ? 0 : answered.status).toBe(200);

    release();
    await expect
      .poll(() => sent.some((m) => m.to === account.email && m.subject.startsWith("Reset")), {
        timeout: 10_000,
      })
      .toBe(true);
  });
});
