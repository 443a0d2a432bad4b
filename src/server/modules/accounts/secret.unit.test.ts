import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthSecret } from "./secret.ts";

describe("resolveAuthSecret", () => {
  it("uses BETTER_AUTH_SECRET when it is set", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "garden-secret-"));
    expect(resolveAuthSecret("a-configured-secret-of-enough-length", dir)).toBe(
      "a-configured-secret-of-enough-length",
    );
  });

  it("otherwise generates one once, keeps it private in DATA_DIR, and reuses it after a restart", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "garden-secret-"));
    const first = resolveAuthSecret(undefined, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
    expect(resolveAuthSecret(undefined, mkdtempSync(path.join(os.tmpdir(), "garden-secret-")))).not.toBe(
      first,
    );
  });
});
