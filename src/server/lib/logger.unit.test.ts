import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { createLogger, type LogFormat } from "./logger.ts";
import { requestContext } from "./requests/request-context.ts";

/** The log as a viewer splits it: at every character that can start a line. */
const capture = (format: LogFormat = "json", level: "debug" | "warn" = "debug") => {
  let stream = "";
  const logger = createLogger(
    level,
    (line) => {
      stream += `${line}\n`;
    },
    format,
  );
  return { logger, lines: () => stream.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/).filter(Boolean) };
};

describe("the server's log", () => {
  it("writes one JSON line per event, client text escaped, whatever the message or details hold", () => {
    const { lines, logger } = capture();
    logger.debug("GET /api/tips/x\nFORGED ERROR admin signed in");
    logger.info("state a\u0000b\r\u2028c\u0085d");
    logger.error("POST /api/tips failed", new Error("bad value /a\nFORGED ERROR y"));
    logger.warn("details", { field: "x\ny\u2028", nested: { list: ["a\tb"] } });
    const events = lines().map((line) => JSON.parse(line));
    expect(events.map((event) => event.level)).toEqual(["debug", "info", "error", "warn"]);
    for (const event of events) expect(new Date(event.time).toISOString()).toBe(event.time);
    expect(events[0].msg).toBe("GET /api/tips/x\\nFORGED ERROR admin signed in");
    expect(events[1].msg).toBe("state a\\u0000b\\r\\u2028c\\u0085d");
    // The error keeps its type, message and stack, inside the line's JSON.
    expect(events[2]).toMatchObject({
      msg: "POST /api/tips failed",
      err: { type: "Error", message: "bad value /a\nFORGED ERROR y" },
    });
    expect(events[2].err.stack).toMatch(/^Error: bad value \/a\nFORGED ERROR y\n +at /);
    expect(events[3].details).toEqual({ field: "x\ny\u2028", nested: { list: ["a\tb"] } });
  });

  it("never writes the values of a failed query: what a member sent stays out of the log", async () => {
    const { DrizzleQueryError } = await import("drizzle-orm/errors");
    const { lines, logger } = capture();
    const secretHash = "scrypt$4f2b9c7e1a$secret-hash-of-a-password";
    const cause = Object.assign(new Error('could not extend file "base/5/16957": No space left on device'), {
      code: "53100",
    });
    logger.error(
      "POST /api/auth/sign-up/email failed",
      new DrizzleQueryError(
        'insert into "account" ("id", "password") values ($1, $2)',
        ["acc-1", secretHash, "multi\nline value"],
        cause,
      ),
    );
    expect(lines()).toHaveLength(1);
    const line = lines()[0] ?? "";
    expect(line).not.toContain(secretHash);
    expect(line).not.toContain("multi");
    const { err } = JSON.parse(line);
    expect(err.message).toContain('Failed query: insert into "account" ("id", "password") values ($1, $2)');
    expect(err.message).toContain("params: (not logged)");
    expect(err.stack).toContain("No space left on device");
    expect(err.params).toBeUndefined();
  });

  it("leaves the values out of an error inside details too, and out of the database's own detail", async () => {
    const { DrizzleQueryError } = await import("drizzle-orm/errors");
    const { lines, logger } = capture();
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: "Key (email)=(private.person@example.com) already exists.",
    });
    const failed = new DrizzleQueryError(
      'insert into "users" ("email") values ($1)',
      ["private.person@example.com"],
      cause,
    );
    // As better-auth's logger hands over its arguments: a list holding the error.
    logger.error("auth: Unable to create user", [failed, { token: "x", nested: [failed] }]);
    const line = lines()[0] ?? "";
    expect(line).not.toContain("private.person@example.com");
    expect(line).toContain("duplicate key value violates unique constraint");
    expect(line).toContain('insert into \\"users\\"');
  });

  it("names the request a line was written for, whichever code writes it", async () => {
    const { lines, logger } = capture();
    logger.info("before");
    await requestContext.run({ id: "req-42" }, async () => {
      await Promise.resolve();
      logger.info("while answering");
    });
    const [before, during] = lines().map((line) => JSON.parse(line));
    expect(before.reqId).toBeUndefined();
    expect(during).toMatchObject({ reqId: "req-42", msg: "while answering" });
  });

  it("leaves out what is below its level", () => {
    const { lines, logger } = capture("json", "warn");
    logger.debug("a client's mistake");
    logger.info("started");
    logger.warn("slow");
    logger.error("failed");
    expect(lines().map((line) => JSON.parse(line).level)).toEqual(["warn", "error"]);
  });

  it("writes a readable line per event for a terminal, client text escaped there too", () => {
    const { lines, logger } = capture("pretty");
    logger.info("GET /api/tips/x\nFORGED ERROR admin signed in", { field: "a\nb" });
    logger.warn("slow");
    expect(lines()).toHaveLength(2);
    expect(lines()[0]).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/tips\/x\\nFORGED ERROR admin signed in \{"details":\{"field":"a\\nb"\}\}$/,
    );
    expect(lines()[1]).toMatch(/\] WARN: slow$/);
  });
});

describe("the server's log on stdout", () => {
  /** A process that logs with the server's logger, then does `after`: what it wrote to stdout, and how it ended. */
  async function logInProcess(lines: number, after: string) {
    const script = `
      const { createLogger } = await import(${JSON.stringify(new URL("./logger.ts", import.meta.url).href)});
      const logger = createLogger("info");
      for (let n = 0; n < ${lines}; n++) logger.info("line " + n);
      logger.writeLine('{"level":"info","msg":"prepared"}');
      ${after}
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      // A process left running is stopped once everything it wrote has arrived.
      if (after.includes("setInterval") && out.includes('"prepared"')) child.kill();
    });
    const [code] = (await once(child, "close")) as [number | null];
    return { code, lines: out.split("\n").filter(Boolean) };
  }

  it("loses no line, whether the process exits at once, throws, or goes on running", async () => {
    for (const after of ["process.exit(3)", "throw new Error('crash')", "setInterval(() => {}, 1000)"]) {
      const { lines } = await logInProcess(2000, after);
      expect(lines, after).toHaveLength(2001);
      expect(JSON.parse(lines[0] ?? "").msg).toBe("line 0");
      expect(JSON.parse(lines[1999] ?? "").msg).toBe("line 1999");
      expect(JSON.parse(lines[2000] ?? "").msg).toBe("prepared");
    }
  });
});
