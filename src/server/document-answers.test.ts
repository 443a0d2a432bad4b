import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { createClient, newAccount } from "./test/http-client.ts";
import { checkAgainstDocument } from "./test/openapi-validator.ts";
import { createTestApp, getJson } from "./test/test-db.ts";

/**
 * Answers a client provokes with ordinary requests, each one checked against /api/openapi.json by the test
 * client (test/http-client.ts): the account without a photo, sign-in with a callback, a verification link
 * opened without one, the account operations asked without a session, the error page.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

describe("answers the document describes", () => {
  it("an account without a photo signs up and in, with and without a callback", async () => {
    const { image: _none, ...account } = newAccount();
    const client = createClient(ctx.app);
    expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
    const signIn = { email: account.email, password: account.password };
    expect((await client.post("/api/auth/sign-in/email", signIn)).status).toBe(200);
    const redirected = await client.post("/api/auth/sign-in/email", { ...signIn, callbackURL: "/profile" });
    expect(redirected.status).toBe(200);
    expect(redirected.body).toMatchObject({ redirect: true, url: "/profile" });
    expect((await client.get("/api/auth/get-session")).status).toBe(200);
  });

  it("a verification link opened without a callback: 401 without the account's session, 200 with it", async () => {
    const account = newAccount();
    const owner = createClient(ctx.app);
    expect((await owner.post("/api/auth/sign-up/email", account)).status).toBe(200);
    const mail = ctx.mailer.sent.findLast((message) => message.to === account.email);
    const link = new URL(mail?.text.match(/http:\/\/localhost\/api\/auth\/verify-email\?\S+/)?.[0] ?? "");
    link.searchParams.delete("callbackURL");
    const path = `${link.pathname}${link.search}`;
    const stranger = await createClient(ctx.app).get(path, { schema: ApiErrorSchema });
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toBe("Sign in with this account's password to confirm its e-mail.");
    expect((await owner.get(path)).status).toBe(200);
  });

  it("account operations asked without a session: 401 with a message", async () => {
    const visitor = createClient(ctx.app);
    for (const [method, path, body] of [
      ["GET", "/api/auth/list-sessions", undefined],
      ["GET", "/api/auth/list-accounts", undefined],
      ["POST", "/api/auth/update-user", { name: "Nobody" }],
      ["POST", "/api/auth/revoke-other-sessions", {}],
      ["POST", "/api/auth/change-password", { currentPassword: "Sunflower7", newPassword: "Sunflower8" }],
    ] as const) {
      const res =
        method === "GET"
          ? await visitor.get(path, { schema: ApiErrorSchema })
          : await visitor.post(path, body, { schema: ApiErrorSchema });
      expect(res.status, path).toBe(401);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(res.body.message, path).toBe("Sign in first: this needs a signed-in session");
    }
  });

  it("the sign-in error page: a page here, a redirect to the home page in production", async () => {
    const page = await createClient(ctx.app).get("/api/auth/error?error=state_not_found");
    expect(page.status).toBe(200);
    const doc = await getJson(ctx.app, "/api/openapi.json");
    // In production better-auth answers with a redirect instead of its page; the document says so.
    await expect(
      checkAgainstDocument(ctx.app, "GET", "/api/auth/error?error=x", {
        status: 302,
        contentType: null,
        body: null,
        text: "",
      }),
    ).resolves.toBeUndefined();
    expect(doc.status).toBe(200);
  });
});
