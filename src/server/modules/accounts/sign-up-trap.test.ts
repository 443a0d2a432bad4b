import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_TRAP_FIELD } from "#shared/schemas/auth.ts";
import { users } from "../../db/schema.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";

// The sign-up form's hidden field (docs/product.md, "Brakes for newcomers"): a bot that fills it is
// answered as if its account were made, and nothing is.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

const accountRow = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())))[0];
const mailsTo = (email: string) => ctx.mailer.sent.filter((m) => m.to === email.toLowerCase()).length;

describe("the sign-up form's hidden field", () => {
  it("answers a sign-up that filled it like an accepted one, with no account, session or e-mail made", async () => {
    const real = newAccount();
    const accepted = await createClient(ctx.app).post("/api/auth/sign-up/email", real);
    expect(accepted.status).toBe(200);

    const bot = newAccount();
    const client = createClient(ctx.app);
    const trapped = await client.post("/api/auth/sign-up/email", {
      ...bot,
      [SIGN_UP_TRAP_FIELD]: "https://spam.example",
    });
    expect(trapped.status).toBe(200);
    // The same shape as a real answer, so nothing tells the bot apart.
    const shape = (body: unknown) => {
      const { user, ...rest } = body as { user: Record<string, unknown> };
      return [Object.keys(rest).sort(), Object.keys(user).sort()];
    };
    expect(shape(trapped.body)).toEqual(shape(accepted.body));
    expect((trapped.body as { user: { email: string } }).user.email).toBe(bot.email.toLowerCase());

    expect(await accountRow(bot.email)).toBeUndefined();
    expect(client.cookies.size).toBe(0);
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    expect(mailsTo(bot.email)).toBe(0);
    // The address was not taken: its owner signs up with it.
    const owner = await createClient(ctx.app).post("/api/auth/sign-up/email", bot);
    expect(owner.status).toBe(200);
    expect(await accountRow(bot.email)).toBeDefined();
  });

  it("lets a sign-up through whose hidden field is empty or only spaces", async () => {
    for (const value of ["", "  "]) {
      const account = newAccount();
      const res = await createClient(ctx.app).post("/api/auth/sign-up/email", {
        ...account,
        [SIGN_UP_TRAP_FIELD]: value,
      });
      expect(res.status, res.text).toBe(200);
      expect(await accountRow(account.email)).toBeDefined();
    }
  });
});
