import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, ensureDataDir, loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("has working defaults for the embedded database", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ NODE_ENV: "development", PORT: 3000, HOST: "0.0.0.0", SEED_DEMO_DATA: true });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
  });

  it("accepts a PostgreSQL URL and a port", () => {
    const env = loadEnv({ PORT: "8080", DATABASE_URL: "postgresql://garden:secret@db.internal:5432/garden" });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgresql://garden:secret@db.internal:5432/garden");
  });

  it("treats empty optional variables as unset", () => {
    const env = loadEnv({ DATABASE_URL: "", SOCIAL_TWITTER_URL: " " });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SOCIAL_TWITTER_URL).toBeUndefined();
  });

  it.each([
    [{}, 0],
    [{ TRUST_PROXY: "" }, 0],
    [{ TRUST_PROXY: "false" }, 0],
    [{ TRUST_PROXY: "true" }, 1],
    [{ TRUST_PROXY: " 2 " }, 2],
  ])("reads TRUST_PROXY %o as %i trusted proxies", (source, proxies) => {
    expect(loadEnv(source).TRUST_PROXY).toBe(proxies);
  });

  it.each([
    [{ TRUST_PROXY: "yes" }, /TRUST_PROXY: must be "true", "false" or a number of proxies/],
    [{ TRUST_PROXY: "-1" }, /TRUST_PROXY: must be "true", "false" or a number of proxies/],
    [{ PORT: "abc" }, /^Invalid environment variable PORT: must be a whole number \(got "abc"\)$/],
    [{ PORT: "70000" }, /^Invalid environment variable PORT: must be between 1 and 65535 \(got "70000"\)$/],
    [{ PORT: "0" }, /PORT: must be between 1 and 65535/],
    [
      { DATABASE_URL: "mysql://localhost/db" },
      /^Invalid environment variable DATABASE_URL: must be a postgres:\/\//,
    ],
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL: must be a postgres/],
    [{ NODE_ENV: "staging" }, /NODE_ENV/],
    [{ SEED_DEMO_DATA: "yes" }, /SEED_DEMO_DATA: must be "true" or "false"/],
    [{ SOCIAL_FACEBOOK_URL: "javascript:alert(1)" }, /SOCIAL_FACEBOOK_URL: must be an http\(s\) URL/],
    [{ GOOGLE_CLIENT_ID: "garden" }, /GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set/],
    [{ GOOGLE_CLIENT_SECRET: "s3cret" }, /GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set/],
    [
      { S3_ENDPOINT: "http://127.0.0.1:9000" },
      /^Invalid environment variable S3_BUCKET: required when S3_ENDPOINT is set$/,
    ],
    [
      { S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "photos", S3_ACCESS_KEY_ID: "key" },
      /S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT is set/,
    ],
    [{ S3_PUBLIC_URL: "https://cdn.example.com" }, /S3_ENDPOINT: required when S3_PUBLIC_URL is set/],
    [{ S3_ENDPOINT: "ftp://files.example.com" }, /S3_ENDPOINT: must be an http\(s\) URL/],
    [
      { ADMIN_EMAILS: "ada@example.com; bo@example.com" },
      /^Invalid environment variable ADMIN_EMAILS: "ada@example.com; bo@example.com" is not an e-mail address \(separate addresses with commas\)/,
    ],
  ])("rejects %o with one line naming the variable", (source, message) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(message);
    try {
      loadEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });
});

describe("administrators' addresses", () => {
  it("are none by default, and a list given is trimmed, lower-cased and without repeats", () => {
    expect(loadEnv({}).ADMIN_EMAILS).toEqual([]);
    expect(loadEnv({ ADMIN_EMAILS: " " }).ADMIN_EMAILS).toEqual([]);
    expect(
      loadEnv({ ADMIN_EMAILS: " Ada@Example.com, bo@example.com,,ada@example.com " }).ADMIN_EMAILS,
    ).toEqual(["ada@example.com", "bo@example.com"]);
  });
});

describe("the limits' switch", () => {
  it("has every limit on unless RATE_LIMITS=off (or the earlier RATE_LIMIT=false) says otherwise", () => {
    expect(loadEnv({}).RATE_LIMIT).toBe(true);
    expect(loadEnv({ RATE_LIMITS: "off" }).RATE_LIMIT).toBe(false);
    expect(loadEnv({ RATE_LIMITS: "on", RATE_LIMIT: "false" }).RATE_LIMIT).toBe(true);
    expect(loadEnv({ RATE_LIMIT: "false" }).RATE_LIMIT).toBe(false);
    expect(() => loadEnv({ RATE_LIMITS: "no" })).toThrow(/RATE_LIMITS: must be "on" or "off"/);
  });
});

describe("the switch for watching requests", () => {
  it("watches every request unless REQUEST_WATCHING=off, and refuses any other word", () => {
    expect(loadEnv({}).REQUEST_WATCHING).toBe(true);
    expect(loadEnv({ REQUEST_WATCHING: "off" }).REQUEST_WATCHING).toBe(false);
    expect(() => loadEnv({ REQUEST_WATCHING: "false" })).toThrow(/REQUEST_WATCHING: must be "on" or "off"/);
  });
});

describe("the browser tests' clock", () => {
  it("is off unless TEST_CLOCK=on, and refuses any other word", () => {
    expect(loadEnv({}).TEST_CLOCK).toBe(false);
    expect(loadEnv({ TEST_CLOCK: "on" }).TEST_CLOCK).toBe(true);
    expect(() => loadEnv({ TEST_CLOCK: "yes" })).toThrow(/TEST_CLOCK: must be "on" or "off"/);
  });
});

describe("photo storage settings", () => {
  it("stores photos in DATA_DIR without S3 settings, in the bucket with all four", () => {
    const local = loadEnv({});
    expect(local.S3_ENDPOINT).toBeUndefined();
    const s3 = loadEnv({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "photos",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "https://cdn.example.com/garden",
    });
    expect(s3).toMatchObject({ S3_BUCKET: "photos", S3_PUBLIC_URL: "https://cdn.example.com/garden" });
  });
});

describe("ensureDataDir", () => {
  it("creates a missing folder", () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "garden-env-")), "nested", "data");
    expect(() => ensureDataDir(dir)).not.toThrow();
  });

  it("refuses a path that cannot be a writable folder", () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "garden-env-")), "a-file");
    writeFileSync(file, "");
    expect(() => ensureDataDir(path.join(file, "data"))).toThrow(
      /^Invalid environment variable DATA_DIR: .* is not a writable directory/,
    );
  });

  it("refuses a folder under /proc at once instead of hanging", () => {
    expect(() => ensureDataDir("/proc/garden-community/data")).toThrow(
      /^Invalid environment variable DATA_DIR: \/proc\/garden-community\/data is not a writable directory/,
    );
  });
});

describe("backup settings", () => {
  it("take no scheduled backup by default, keep 7, and put them in DATA_DIR/backups", () => {
    const env = loadEnv({ DATA_DIR: "/srv/garden" });
    expect(env).toMatchObject({ BACKUP_DIR: "/srv/garden/backups", BACKUP_KEEP: 7 });
    expect(env.BACKUP_EVERY).toBeUndefined();
  });

  it.each([
    ["30m", 30 * 60_000],
    ["24h", 24 * 3_600_000],
    ["7d", 7 * 86_400_000],
  ])("reads BACKUP_EVERY=%s as %i ms", (every, ms) => {
    expect(loadEnv({ BACKUP_EVERY: every }).BACKUP_EVERY).toBe(ms);
  });

  it.each([
    [
      { BACKUP_EVERY: "daily" },
      /^Invalid environment variable BACKUP_EVERY: must be a number of minutes, hours or days/,
    ],
    [{ BACKUP_EVERY: "0h" }, /^Invalid environment variable BACKUP_EVERY: must be a number of minutes/],
    [{ BACKUP_KEEP: "0" }, /^Invalid environment variable BACKUP_KEEP: must be at least 1/],
  ])("refuses %o, saying what it wants", (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });
});
