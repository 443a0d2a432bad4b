import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHashing } from "../modules/accounts/index.ts";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: object,
) => Promise<Buffer>;

/** A thousandth of the work of better-auth's scrypt (N=16384, r=16): about 0.1 ms instead of 100. */
const COST = { N: 256, r: 1, p: 1 };
const PREFIX = "quick$";

/**
 * Password hashing for tests that do not measure it (ADR 047): a sign-up or a wrong password costs what
 * the test checks, not a tenth of a second of scrypt each. A hash it did not make (an earlier release's
 * row, written with the real scrypt) is checked with the real one, so such rows still sign in.
 */
export const quickPasswords: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    const key = await scryptAsync(password.normalize("NFKC"), salt, 32, COST);
    return `${PREFIX}${salt}:${key.toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt = "", key = ""] = hash.slice(PREFIX.length).split(":");
    const given = await scryptAsync(password.normalize("NFKC"), salt, 32, COST);
    const stored = Buffer.from(key, "hex");
    return stored.length === given.length && timingSafeEqual(stored, given);
  },
};
