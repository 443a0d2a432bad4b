import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../db/schema.ts";
import { createClient, newAccount, type TestClient } from "./http-client.ts";
import type { createTestApp } from "./test-db.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A new member, signed in: verified unless asked otherwise, and as old as asked (two days by default, so
 * the brakes on new accounts do not apply unless a test asks for a younger one).
 */
export async function signedInMember(
  app: TestApp,
  {
    verified = true,
    ageHours = 48,
    name = "Commenter",
  }: { verified?: boolean; ageHours?: number; name?: string } = {},
) {
  const account = newAccount({ name: `${name} ${Math.random().toString(36).slice(2, 10)}` });
  const res = await createClient(app.app).post("/api/auth/sign-up/email", account);
  expect(res.status).toBe(200);
  const id = (res.body as { user: { id: string } }).user.id;
  await app.db
    .update(users)
    .set({ emailVerified: verified, createdAt: new Date(Date.now() - ageHours * 3_600_000) })
    .where(eq(users.id, id));
  // A fresh session reads the account as it now is.
  const client = createClient(app.app);
  const signIn = await client.post("/api/auth/sign-in/email", {
    email: account.email,
    password: account.password,
  });
  expect(signIn.status).toBe(200);
  return { client, id, account };
}

/**
 * A member signed up and verified as a person is: by following the link of the verification e-mail in
 * their signed-in browser, so whatever follows a verification (roles, ADR 040) follows it here too.
 */
export async function memberVerifiedByLink(app: TestApp, overrides: Parameters<typeof newAccount>[0] = {}) {
  const account = newAccount(overrides);
  const client = createClient(app.app);
  const res = await client.post("/api/auth/sign-up/email", account);
  expect(res.status, res.text).toBe(200);
  const id = (res.body as { user: { id: string } }).user.id;
  await confirmEmail(app, client, account.email);
  return { client, id, account };
}

/**
 * Confirms an account's e-mail as its owner does: the newest verification e-mail the app sent it, its
 * link followed in `client`, the owner's signed-in browser. A member who shares more than two public tips
 * confirms first, as a person must.
 */
export async function confirmEmail(app: Pick<TestApp, "mailer">, client: TestClient, email: string) {
  const mail = app.mailer.sent
    .filter((m) => m.to === email && m.subject === "Confirm your e-mail for Gardening Community")
    .at(-1);
  const link = mail?.text.match(/http:\/\/localhost(\/api\/auth\/verify-email\?\S+)/)?.[1];
  expect(link, `a verification link to ${email}`).toBeTruthy();
  const visit = await client.get(link ?? "");
  expect(visit.status).toBe(302);
  expect(visit.headers.get("location")).not.toMatch(/error=/);
}
