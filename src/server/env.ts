import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** A setting that may be left out or empty (both mean unset); when set, `check` judges it. */
const optionalSetting = <Check extends z.ZodType<unknown, string>>(check: Check) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(check.optional());

const optionalUrl = optionalSetting(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
  DATABASE_URL: optionalSetting(
    z
      .string()
      .refine(
        isPostgresUrl,
        "must be a postgres:// or postgresql:// URL with a host, e.g. postgres://user:pass@localhost:5432/garden",
      ),
  ),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  SEED_DEMO_DATA: z
    .enum(["true", "false"], { error: 'must be "true" or "false"' })
    .default("true")
    .transform((value) => value === "true"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** JSON lines for a log collector, or readable lines; by default JSON in production only (ADR 044). */
  LOG_FORMAT: z.enum(["json", "pretty"], { error: 'must be "json" or "pretty"' }).optional(),
  /**
   * The token a metrics scraper sends (`Authorization: Bearer ...`) to read /metrics on the site's port.
   * Without it, and without METRICS_PORT, the figures are not served at all.
   */
  METRICS_TOKEN: optionalSetting(
    z.string().min(16, "must be at least 16 characters (e.g. openssl rand -hex 16)"),
  ),
  /** A port of its own for /metrics (on METRICS_HOST), for a scraper inside the operator's network. */
  METRICS_PORT: optionalSetting(
    z.coerce
      .number<string>({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535"),
  ),
  METRICS_HOST: z.string().trim().min(1, "must not be empty").default("127.0.0.1"),
  /** How often the server takes a backup on its own (`30m`, `24h`, `7d`); unset means never (ADR 046). */
  BACKUP_EVERY: optionalSetting(
    z
      .string()
      .regex(/^[1-9][0-9]*(m|h|d)$/, 'must be a number of minutes, hours or days, e.g. "24h" or "30m"')
      .transform(
        (value) =>
          Number(value.slice(0, -1)) *
          { m: 60_000, h: 3_600_000, d: 86_400_000 }[value.slice(-1) as "m" | "h" | "d"],
      ),
  ),
  /** Where backups go; DATA_DIR/backups by default. */
  BACKUP_DIR: optionalText,
  /** How many scheduled backups are kept, the newest. */
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(7),
  /** The address people use to reach the site; links in e-mails and the trusted origin. */
  BASE_URL: optionalUrl,
  BETTER_AUTH_SECRET: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional()),
  SMTP_URL: optionalSetting(
    z
      .string()
      .refine(
        (value) => /^smtps?:\/\/[^/]/.test(value) && URL.canParse(value),
        "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587",
      ),
  ),
  MAIL_FROM: z.string().trim().min(3).default("Gardening Community <no-reply@garden-community.local>"),
  /**
   * The administrators' e-mail addresses, separated by commas: each becomes administrator once its account
   * is verified. Left empty, the first verified account does (ADR 040).
   */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? "")
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .superRefine((emails, ctx) => {
      const wrong = emails.find((email) => !z.email().safeParse(email).success);
      if (wrong !== undefined)
        ctx.addIssue({
          code: "custom",
          message: `${JSON.stringify(wrong)} is not an e-mail address (separate addresses with commas)`,
        });
    }),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default("https://accounts.google.com/.well-known/openid-configuration"),
  /** Every limit of lib/security/rate-limit/policies.ts on or off; off is for load tests and benchmarks only. */
  RATE_LIMITS: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).optional(),
  /**
   * Each request's id, log line and metrics on or off; off is for the benchmark that measures what watching
   * requests costs, never for a site people use (ADR 066).
   */
  REQUEST_WATCHING: z
    .enum(["on", "off"], { error: 'must be "on" or "off"' })
    .default("on")
    .transform((value) => value === "on"),
  /**
   * For the browser tests only: DATA_DIR/test-clock.sock then runs a scheduled job for one member at a time
   * the caller names (a bookmark's day, a summary's slot), so a test need not wait for it (ADR 086).
   */
  TEST_CLOCK: z
    .enum(["on", "off"], { error: 'must be "on" or "off"' })
    .default("off")
    .transform((value) => value === "on"),
  /** The earlier name of the same switch: "false" is RATE_LIMITS=off. */
  RATE_LIMIT: z
    .enum(["true", "false"], { error: 'must be "true" or "false"' })
    .default("true")
    .transform((value) => value === "true"),
  /**
   * Behind a reverse proxy, how many proxies append to X-Forwarded-For: "true" means one, a number that
   * many, "false" or 0 none (the default: the socket's address is the client's).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .refine(
      (value) => /^(true|false|\d{1,2})?$/.test(value),
      'must be "true", "false" or a number of proxies',
    )
    .transform((value) => (value === "true" ? 1 : value === "false" || value === "" ? 0 : Number(value))),
  /**
   * Photos go to S3-compatible object storage when the endpoint, bucket and keys are all set (several
   * servers then share them); otherwise to DATA_DIR/uploads.
   */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: optionalText,
  /** Where the bucket's objects are served to browsers (a CDN); without it this server serves them. */
  S3_PUBLIC_URL: optionalUrl,
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_TWITTER_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  SOCIAL_LINKEDIN_URL: optionalUrl,
});

export type Env = z.output<typeof EnvSchema> & {
  BASE_URL: string;
  LOG_FORMAT: "json" | "pretty";
  BACKUP_DIR: string;
};

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Start-up problems a person can fix are reported as one line, never as a stack trace. */
export function failToStart(message: string): never {
  console.error(`Gardening Community cannot start: ${message}`);
  process.exit(1);
}

/**
 * Reads and validates the environment once. Throws an EnvError whose message is one line naming the
 * variable and the reason, which the server prints before exiting (`failToStart`).
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path.join(".") ?? "environment";
    const raw = source[variable];
    const got = raw === undefined ? "" : ` (got ${JSON.stringify(raw)})`;
    throw new EnvError(`Invalid environment variable ${variable}: ${issue?.message ?? "invalid"}${got}`);
  }
  const data = result.data;
  // Half a Google configuration would leave the button on and every sign-in failing.
  if (Boolean(data.GOOGLE_CLIENT_ID) !== Boolean(data.GOOGLE_CLIENT_SECRET)) {
    const missing = data.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID";
    const other = data.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_ID" : "GOOGLE_CLIENT_SECRET";
    throw new EnvError(`Invalid environment variable ${missing}: required when ${other} is set`);
  }
  // Half an S3 configuration would lose every photo to a bucket nobody can reach.
  const s3Required = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const s3Set = [...s3Required, "S3_REGION", "S3_PUBLIC_URL"] as const;
  const given = s3Set.find((name) => data[name]);
  const missing = s3Required.find((name) => !data[name]);
  if (given && missing)
    throw new EnvError(`Invalid environment variable ${missing}: required when ${given} is set`);
  return {
    ...data,
    RATE_LIMIT: data.RATE_LIMITS ? data.RATE_LIMITS === "on" : data.RATE_LIMIT,
    LOG_FORMAT: data.LOG_FORMAT ?? (data.NODE_ENV === "production" ? "json" : "pretty"),
    DATA_DIR: path.resolve(data.DATA_DIR),
    BACKUP_DIR: path.resolve(data.BACKUP_DIR ?? path.join(data.DATA_DIR, "backups")),
    BASE_URL: (data.BASE_URL ?? `http://localhost:${data.PORT}`).replace(/\/+$/, ""),
  };
}

/** DATA_DIR holds the embedded database, the mail outbox and the auth secret: it must be writable. */
export function ensureDataDir(dataDir: string): void {
  const fail = (reason: string): never => {
    throw new EnvError(
      `Invalid environment variable DATA_DIR: ${dataDir} is not a writable directory (${reason})`,
    );
  };
  // Create the missing folders one level at a time from the nearest existing one: a recursive mkdir
  // under a pseudo file system such as /proc never returns on Node 20.
  const missing: string[] = [];
  let existing = path.resolve(dataDir);
  while (!existsSync(existing)) {
    missing.unshift(existing);
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (!statSync(existing).isDirectory()) fail(`${existing} is not a directory`);
  try {
    for (const folder of missing) mkdirSync(folder);
    // A probe file, because access() says yes to root even on a read-only file system.
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (error) {
    fail(error instanceof Error && "code" in error ? String(error.code) : "not writable");
  }
}
