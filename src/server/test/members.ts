import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../db/schema.ts";
import { createClient, newAccount, type TestClient } from "./http-client.ts";
import type { createTestApp } from "./test-db.ts";
import { insertTips } from "./tip-fixtures.ts";

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
    address,
  }: { verified?: boolean; ageHours?: number; name?: string; address?: string } = {},
) {
  const account = newAccount({ name: `${name} ${Math.random().toString(36).slice(2, 10)}` });
  const res = await createClient(app.app, { address }).post("/api/auth/sign-up/email", account);
  expect(res.status).toBe(200);
  const id = (res.body as { user: { id: string } }).user.id;
  await app.db
    .update(users)
    .set({ emailVerified: verified, createdAt: new Date(Date.now() - ageHours * 3_600_000) })
    .where(eq(users.id, id));
  // A fresh session reads the account as it now is.
  const client = createClient(app.app, { address });
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

/**
 * An established member, whose reports count (ADR 049): signed in, verified, joined `days` ago (31 by
 * default) with five public tips shared since, as a member of a month's standing has. Each signs in from
 * an address of their own unless given one.
 */
export async function establishedMember(
  app: TestApp,
  { days = 31, name = "Elder", address }: { days?: number; name?: string; address?: string } = {},
) {
  const member = await signedInMember(app, { ageHours: days * 24, name, address });
  const [row] = await app.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, member.id));
  await insertTips(
    app.db,
    Array.from({ length: 5 }, (_, n) => ({
      authorId: member.id,
      email: row?.email ?? "",
      name: row?.name ?? "",
      title: `Seasoned tip ${n + 1}`,
      plantType: "Beans",
      difficulty: "Easy" as const,
      description: "Sow beans after the last frost.",
      category: "Vegetables" as const,
      availability: "Public" as const,
    })),
  );
  return member;
}
