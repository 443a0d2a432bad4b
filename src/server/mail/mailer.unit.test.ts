import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { recordingLogger } from "../test/recording-logger.ts";
import { createMailer } from "./mailer.ts";
import { passwordResetEmail } from "./templates.ts";

describe("the outbox mailer (no SMTP_URL)", () => {
  it("writes each message as an .eml file with a text and an HTML part, and logs its link", async () => {
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), "garden-outbox-")), "outbox");
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ from: "Gardening Community <no-reply@example.com>", outboxDir, logger });
    expect(mailer.local).toBe(true);
    const url = "http://localhost:3000/auth/reset?token=abc123";
    await mailer.send(passwordResetEmail({ to: "ana@example.com", name: "Ana", url, expiresInMinutes: 60 }));

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(outboxDir, files[0] as string), "utf8");
    expect(eml).toMatch(/^To: ana@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your Gardening Community password$/m);
    expect(eml).toContain("Content-Type: multipart/alternative");
    expect(eml).toContain("Content-Type: text/plain");
    expect(eml).toContain("Content-Type: text/html");
    expect(lines).toContain(`Link in that e-mail: ${url}`);
    expect(lines.some((line) => line.includes(files[0] as string))).toBe(true);
  });
});
