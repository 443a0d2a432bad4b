/** What `createAuth` is given: read by the parts of the accounts setup, each in its own file. */
export interface AuthSettings {
  baseUrl: string;
  secret: string;
  trustedOrigins: string[];
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** The profile photo as it is stored: an uploaded one by its record's hash, any other as linked (ADR 063). */
  profilePhoto: (
    address: string | null | undefined,
  ) => Promise<{ image: string | null; photoHash: string | null }>;
  /** Told once an account's e-mail is verified, after the change is committed (roles follow it). */
  onVerified?: (userId: string) => Promise<void>;
  /** After every new session: a sign-in, a sign-up, a Google sign-in. */
  onSignIn?: (userId: string) => Promise<void>;
  /**
   * How passwords are hashed and checked; better-auth's scrypt when not given. Tests that do not measure
   * the hash give a cheaper one (ADR 047): a series of sign-ups should cost what the test checks.
   */
  passwordHashing?: PasswordHashing;
}

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}
