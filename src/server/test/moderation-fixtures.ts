import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { z } from "zod";
import { HIDDEN_PENDING_REVIEW, type Role } from "#shared/constants.ts";
import { CommentSchema } from "#shared/schemas/comment.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { DecisionSchema, QueueItemSchema, ReportSchema } from "#shared/schemas/moderation.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { users } from "../db/schema.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { createClient, newAccount, newTip, type TestClient } from "./http-client.ts";
import { memberVerifiedByLink, signedInMember } from "./members.ts";
import { createTestApp } from "./test-db.ts";

// What the moderation tests make again and again, each for its own data (ADR 017): the app and its team,
// items to report, reports, the queue's cases, decisions, and the e-mails that follow them.

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Member = Awaited<ReturnType<typeof signedInMember>>;

const NAMES: Record<Role, string> = {
  member: "Member",
  moderator: "Moderator",
  administrator: "Administrator",
};

/** A member given `role` in the database, signed in again, as a session made before reads the old role. */
export async function memberWithRole(
  app: TestApp,
  role: Role,
  options: Parameters<typeof signedInMember>[1] = {},
): Promise<Member> {
  const member = await signedInMember(app, { name: NAMES[role], ...options });
  await app.db.update(users).set({ role }).where(eq(users.id, member.id));
  const client = createClient(app.app);
  const signIn = await client.post("/api/auth/sign-in/email", {
    email: member.account.email,
    password: member.account.password,
  });
  expect(signIn.status).toBe(200);
  return { ...member, client };
}

/**
 * The test file's app, without rate limits (a test reports more than a member may), and a moderator: made
 * before the file's tests, by the first beforeAll it registers, and closed after them. Until then both are
 * empty, so they are read in tests and hooks only.
 */
export function moderationTestApp(): { app: TestApp; moderator: Member } {
  const made = { app: {} as TestApp, moderator: {} as Member };
  beforeAll(async () => {
    Object.assign(made.app, await createTestApp({ config: { RATE_LIMIT: false } }));
    Object.assign(made.moderator, await memberWithRole(made.app, "moderator"));
  });
  afterAll(() => made.app.close());
  return made;
}

/** An app whose ADMIN_EMAILS names one account, verified by its e-mail's link: its administrator. */
export async function appWithAdministrator(): Promise<{ app: TestApp; administrator: Member }> {
  const email = newAccount().email;
  const app = await createTestApp({ config: { RATE_LIMIT: false, ADMIN_EMAILS: [email] } });
  return { app, administrator: await memberVerifiedByLink(app, { email }) };
}

/** A tip shared by `client` (public, titled apart from every other unless given `title`). */
export async function tipBy(
  client: TestClient,
  {
    title = `Reported tip ${Math.random().toString(36).slice(2, 10)}`,
    ...overrides
  }: { title?: string; availability?: string } = {},
) {
  const res = await client.post("/api/tips", newTip(title, overrides), { schema: TipSchema });
  expect(res.status).toBe(201);
  return res.body;
}

export async function commentOn(client: TestClient, tipId: string, body = "Buy cheap seeds at my shop") {
  const res = await client.post(`/api/tips/${tipId}/comments`, { body }, { schema: CommentSchema });
  expect(res.status).toBe(201);
  return res.body;
}

export async function handleOf(app: TestApp, id: string) {
  const [row] = await app.db.select({ handle: users.handle }).from(users).where(eq(users.id, id));
  return row?.handle ?? "";
}

/** POST /api/reports as `client`, whatever it answers: the report, or why it was refused. */
export function postReport(client: TestClient, body: Record<string, unknown>) {
  return client.post("/api/reports", body, { schema: z.union([ReportSchema, ApiErrorSchema]) });
}

/** A report the test needs filed (201): `member` reports the item, for `reason`. */
export async function reportBy(
  member: { client: TestClient },
  targetType: string,
  targetId: string,
  reason = "spam",
  note = "",
) {
  const res = await postReport(member.client, { targetType, targetId, reason, note });
  expect(res.status, res.text).toBe(201);
  return ReportSchema.parse(res.body);
}

/**
 * The open case about the item as `decider` reads the queue (only an appeal, or only not one, when
 * `appeal` says which); undefined when it is not in their queue.
 */
export async function queueItemAbout(decider: TestClient, targetId: string, appeal?: boolean) {
  const queue = await decider.get("/api/moderation/queue?limit=100", { schema: z.array(QueueItemSchema) });
  expect(queue.status).toBe(200);
  return queue.body.find(
    (item) => item.targetId === targetId && (appeal === undefined || (item.appeal !== null) === appeal),
  );
}

/** As queueItemAbout, for a case the test knows waits in the queue. */
export async function caseInQueue(decider: TestClient, targetId: string, appeal?: boolean) {
  const item = await queueItemAbout(decider, targetId, appeal);
  expect(item, `${targetId} in the queue`).toBeTruthy();
  return item as NonNullable<typeof item>;
}

/** `decider` decides the case, whatever the answer: the decision, or why it was refused. */
export function decideCase(decider: TestClient, caseId: string, body: Record<string, unknown>) {
  return decider.post(`/api/moderation/queue/${caseId}/decision`, body, {
    schema: z.union([DecisionSchema, ApiErrorSchema]),
  });
}

/** A decision the test needs made (200). */
export async function settleCase(decider: TestClient, caseId: string, body: Record<string, unknown>) {
  const res = await decideCase(decider, caseId, body);
  expect(res.status, res.text).toBe(200);
  return DecisionSchema.parse(res.body);
}

/** Whether `client` is answered 404 with `message` (pending review unless told) at `path`. */
export async function hiddenFrom(client: TestClient, path: string, message = HIDDEN_PENDING_REVIEW) {
  const res = await client.get(path, { schema: ApiErrorSchema });
  return res.status === 404 && res.body.message === message;
}

/**
 * The e-mails to `to` that `where` keeps, among those sent after the first `since`, once there are `count`
 * of them: the e-mails of a decision go after its answer, so a test waits for them. `deliver`, when given,
 * sends what waits before each look.
 */
export async function waitForMail(
  app: Pick<TestApp, "mailer">,
  to: string,
  {
    count = 1,
    since = 0,
    where = () => true,
    deliver,
  }: {
    count?: number;
    since?: number;
    where?: (mail: MailMessage) => boolean;
    deliver?: () => Promise<unknown>;
  } = {},
): Promise<MailMessage[]> {
  const mails = () => app.mailer.sent.slice(since).filter((mail) => mail.to === to && where(mail));
  await expect
    .poll(
      async () => {
        await deliver?.();
        return mails().length;
      },
      { message: `${count} e-mail(s) to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  return mails();
}

/**
 * The test file's app without rate limits, made before its tests and closed after them; empty until then,
 * so it is read in tests and hooks only.
 */
export function appPerFile(): TestApp {
  const made = {} as TestApp;
  beforeAll(async () => {
    Object.assign(made, await createTestApp({ config: { RATE_LIMIT: false } }));
  });
  afterAll(() => made.close());
  return made;
}

/** A member a month old, signed in, with their handle: what they do is not a new member's. */
export async function monthOldMember(app: TestApp, name: string) {
  const member = await signedInMember(app, { name, ageHours: 24 * 30 });
  return { ...member, handle: await handleOf(app, member.id) };
}
