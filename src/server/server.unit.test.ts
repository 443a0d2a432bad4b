import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, migratedDataDir, signUp, startServer, tempDir } from "./test/server-process.ts";

describe("server start-up", () => {
  it.each([
    [{ PORT: "not-a-port" }, "Invalid environment variable PORT: must be a whole number"],
    [{ DATABASE_URL: "mysql://nope" }, "Invalid environment variable DATABASE_URL"],
    [
      { S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "photos" },
      "Invalid environment variable S3_ACCESS_KEY_ID: required when S3_ENDPOINT is set",
    ],
  ])("stops with one clear line for %o", async (env, message) => {
    const server = startServer({ DATA_DIR: tempDir(), ...env });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines).toEqual([
      `Gardening Community cannot start: ${lines[0]?.slice("Gardening Community cannot start: ".length)}`,
    ]);
    expect(lines[0]).toContain(message);
  });

  it("stops with one clear line when DATA_DIR cannot be written", async () => {
    const file = path.join(tempDir(), "plain-file");
    writeFileSync(file, "");
    const server = startServer({ DATA_DIR: path.join(file, "data") });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(
      /^Gardening Community cannot start: Invalid environment variable DATA_DIR: .* is not a writable directory/,
    );
  });

  it("reports an unreachable database without a stack trace", async () => {
    const port = await freePort();
    const server = startServer({
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/garden`,
    });
    expect(await server.exited).toBe(1);
    const output = server.output().trim();
    expect(output).toMatch(
      new RegExp(
        // Refused at once on a quiet machine; on one busy enough, the connection's own timeout says so first.
        `^Gardening Community cannot start: Cannot connect to the database at postgres://127\\.0\\.0\\.1:${port}/garden: .*(ECONNREFUSED|connection timeout)`,
      ),
    );
    expect(output).not.toContain("    at ");
  });

  it("serves on PORT, refuses a second server on the same data folder, and shuts down on SIGTERM, streams and all", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = startServer(
      { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
      { waitForUrl: `http://127.0.0.1:${port}/api/health` },
    );
    await server.ready();
    const res = await fetch(`http://127.0.0.1:${port}/api/gardeners`);
    expect(res.status).toBe(200);
    // Photos are kept in DATA_DIR/uploads unless S3 is configured.
    expect(server.output()).toContain(`Uploaded photos are kept in ${path.join(dataDir, "uploads")}`);

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `is in use by another Gardening Community server (pid ${server.child.pid})`,
    );

    // A member's event stream, open as a browser keeps it, does not hold the shutdown: it is ended.
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signUp(base);
    const stream = await fetch(`${base}/api/events`, {
      headers: { Accept: "text/event-stream", Cookie: cookie },
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: unread");

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM received, closing");
    expect(server.output()).not.toContain("Requests still open");
    for (;;) if ((await reader.read()).done) break;
  }, 240_000);

  it("starts again at once on the same data folder after being killed with SIGKILL", async () => {
    const dataDir = await migratedDataDir();
    for (let round = 0; round < 2; round++) {
      const port = await freePort();
      const server = startServer(
        { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
        { waitForUrl: `http://127.0.0.1:${port}/api/health` },
      );
      await server.ready();
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      server.child.kill("SIGKILL");
      await server.exited;
    }
  }, 240_000);
});
