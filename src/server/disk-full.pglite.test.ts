import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTip } from "./test/http-client.ts";
import { confirmFromOutbox, freePort, serveSite } from "./test/server-process.ts";

/**
 * DATA_DIR on a full disk (docs/operations.md): the embedded database refuses the writes it cannot store
 * with a clear 503, reads keep working, writes work again once there is room, and after a restart every
 * acknowledged write is there. The disk is a small tmpfs mounted for the test (as root, or through
 * passwordless sudo, as `npm test`'s set-up installs with), filled with a file removed to give room back.
 */
const mountPoint = mkdtempSync(path.join(os.tmpdir(), "garden-full-"));
const dataDir = path.join(mountPoint, "data");
const filler = path.join(mountPoint, "filler");
let port = 0;
let base = "";

/** The site on DATA_DIR at `port`: the same address after a restart. */
const start = () => serveSite({ DATA_DIR: dataDir, RATE_LIMITS: "off" }, { port });

/** Runs a mount command as root: directly when the tests run as root, else through passwordless sudo. */
function asRoot(command: string, args: string[]) {
  if (process.getuid?.() === 0) execFileSync(command, args, { stdio: "pipe" });
  else execFileSync("sudo", ["-n", command, ...args], { stdio: "pipe" });
}

beforeAll(() => {
  // Owned by whoever runs the tests, so the server they start can write there.
  const owner = `uid=${process.getuid?.() ?? 0},gid=${process.getgid?.() ?? 0}`;
  try {
    asRoot("mount", ["-t", "tmpfs", "-o", `size=80m,${owner}`, "tmpfs", mountPoint]);
  } catch (error) {
    throw new Error(
      `This test mounts an 80 MB tmpfs to fill a disk for real: run npm test as root or with passwordless sudo, as its set-up does (${error instanceof Error ? error.message : error})`,
    );
  }
  mkdirSync(dataDir);
});

afterAll(() => {
  try {
    asRoot("umount", [mountPoint]);
  } catch {}
  rmSync(mountPoint, { recursive: true, force: true });
});

describe("DATA_DIR on a full disk", () => {
  it("refuses writes with a clear 503, keeps reading, writes again with room, and loses nothing", async () => {
    port = await freePort();
    let server = await start();
    base = server.base;
    try {
      const json = { "Content-Type": "application/json", Origin: base };
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "Full Disk", email: "full.disk@example.com", password: "Sunflower7" }),
      });
      expect(signUp.status, server.output().slice(-4000)).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((line) => line.split(";")[0] ?? "")
        .filter((pair) => pair.includes("session_token"))
        .join("; ");
      // It shares many public tips: it confirms its e-mail first, as a person must.
      await confirmFromOutbox(base, cookie, "full.disk@example.com", path.join(dataDir, "outbox"));
      const share = (n: number) =>
        fetch(`${base}/api/tips`, {
          method: "POST",
          headers: { ...json, Cookie: cookie },
          body: JSON.stringify(
            newTip(`Tip ${n}`, { description: `${"Mulch keeps the soil moist. ".repeat(50)}${n}` }),
          ),
        });

      // Leave about 2 MB free, then write until the disk is full.
      const { bavail, bsize } = statfsSync(mountPoint);
      writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 2 * 1024 * 1024)));
      const acknowledged: string[] = [];
      let refusal: { status: number; body: unknown } | undefined;
      for (let n = 0; n < 5000 && !refusal; n++) {
        const res = await share(n);
        if (res.status === 201) acknowledged.push(((await res.json()) as { _id: string })._id);
        else refusal = { status: res.status, body: await res.json() };
      }
      // The server's own lines say what happened when the answer is not the one expected.
      expect(refusal, server.output().slice(-4000)).toEqual({
        status: 503,
        body: {
          message: "The server has run out of disk space, so nothing was saved. Please try again later.",
        },
      });
      expect(acknowledged.length).toBeGreaterThan(0);
      // Reads go on while the disk is full.
      expect((await fetch(`${base}/api/tips?availability=Public&limit=3`)).status).toBe(200);
      expect(
        (await fetch(`${base}/api/tips/${acknowledged.at(-1)}`, { headers: { Cookie: cookie } })).status,
      ).toBe(200);

      // Room again: writes work without a restart.
      rmSync(filler);
      const after = await share(-1);
      expect(after.status, server.output().slice(-4000)).toBe(201);
      acknowledged.push(((await after.json()) as { _id: string })._id);

      // A restart opens the same database, with every acknowledged write in it.
      expect(await server.stop()).toBe(0);
      server = await start();
      for (const id of acknowledged)
        expect((await fetch(`${base}/api/tips/${id}`, { headers: { Cookie: cookie } })).status, id).toBe(200);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
