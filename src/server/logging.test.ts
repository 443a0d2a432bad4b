import { describe, expect, it } from "vitest";
import { createLogger } from "./lib/logger.ts";
import { startGoogleApp } from "./test/google-app.ts";
import { createClient, newAccount } from "./test/http-client.ts";
import { createTestApp } from "./test/test-db.ts";

/**
 * The server's log as an operator's collector reads it (JSON lines), written at debug: a client's mistakes
 * are one line each at debug, and nothing a client sends starts a line of its own.
 */

/** The log stream, split where a terminal or a log viewer would start a new line. */
function capturedLog() {
  let stream = "";
  return {
    logger: createLogger("debug", (line) => {
      stream += `${line}\n`;
    }),
    lines: () => stream.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/).filter(Boolean),
  };
}

describe("the server's log under hostile requests", () => {
  it("a line break or NUL in a redirect field, the state or a path forges no line; mistakes are debug", async () => {
    const log = capturedLog();
    const ctx = await startGoogleApp(
      { sub: "google-1", email: "google.person@example.com", name: "Google Person", picture: "" },
      { logger: log.logger },
    );
    try {
      const client = createClient(ctx.app);
      const account = newAccount();
      expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
      const forged = "FORGED 2026-11-26T00:00:00.000Z ERROR admin signed in";
      const answers = [
        await client.post("/api/auth/sign-in/email", {
          email: account.email,
          password: account.password,
          callbackURL: `/profile\n${forged}`,
        }),
        await client.post("/api/auth/request-password-reset", {
          email: account.email,
          redirectTo: `/auth/reset\r\n${forged}`,
        }),
        await client.get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(`/p\n${forged}`)}`),
        await client.get(
          `/api/auth/callback/google?code=x&state=${encodeURIComponent(`a\u0000b\n${forged}`)}`,
        ),
        await client.get(`/api/auth/callback/google?code=x&state=${encodeURIComponent("no-such-state")}`),
        await client.get(`/api/tips/${encodeURIComponent(`x\n${forged}`)}`),
        await client.post("/api/auth/sign-in/email", { email: account.email, password: "Wrong1234" }),
        await client.post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "Wrong1234" }),
      ];
      expect(answers.map((res) => res.status)).toEqual([400, 400, 400, 400, 302, 404, 401, 401]);

      const lines = log.lines();
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).not.toMatch(/^FORGED/);
        expect(line).not.toContain("\u0000");
      }
      // Every line is one whole event: nothing a client sent split one or started another.
      const events = lines.map((line) => JSON.parse(line) as { level: string; msg: string });
      // The mistakes are noted, at debug, with the client's text escaped in the message.
      expect(events.filter((event) => event.level !== "debug")).toEqual([]);
      expect(events.some((event) => /^GET \/api\/tips\/x\\nFORGED .* answered 404/.test(event.msg))).toBe(
        true,
      );
      expect(events.some((event) => event.msg.includes("auth: Invalid password"))).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it("a fault of the server is one line at ERROR, and the client gets a message", async () => {
    const log = capturedLog();
    const ctx = await createTestApp({ logger: log.logger, config: { RATE_LIMIT: false } });
    // The database goes away under better-auth: every query it makes fails.
    await ctx.close();
    const res = await ctx.app.request("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/json" },
      body: JSON.stringify({ email: "someone@example.com", password: "Sunflower7" }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      message: "Something went wrong on our side. Please try again in a moment.",
    });
    // One line, at error, and nothing printed beside the log (test/setup.ts fails on console.error).
    const lines = log.lines();
    expect(lines).toHaveLength(1);
    const event = JSON.parse(lines[0] ?? "");
    expect(event).toMatchObject({ level: "error", msg: "POST /api/auth/sign-in/email failed" });
    expect(event.err.message).toMatch(/Failed query/);
  });
});
