import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";

/**
 * Where better-auth sends the browser afterwards, and the sign-in `state` it reads back, end up in a
 * Location header, in the database and in the log: a control character or an encoded slash in them is
 * refused in front of better-auth, in a JSON body or in the query string alike.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

const CONTROL = [
  "/profile\nFORGED ERROR admin signed in",
  "/a\u0000b",
  "/a\rb",
  "/a\tb",
  "/a\u007fb",
  "/a\u2028b",
];
const ENCODED_SLASH = [
  "/%2F%2Fevil.example",
  "/%2fevil.example",
  "/%5Cevil.example",
  "/tips%2F..%2F..%2Fadmin",
];

const controlMessage = (name: string) =>
  `${name} must not contain control characters such as line breaks or NUL`;
const slashMessage = (name: string) => `${name} must not contain an encoded slash (%2F or %5C) in its path`;

describe("redirect fields and state in the request gate", () => {
  it("refuses control characters in every redirect field of a JSON body, with 400 and a message", async () => {
    const client = createClient(ctx.app);
    for (const value of CONTROL) {
      for (const [path, body] of [
        [
          "/api/auth/sign-in/email",
          { email: "someone@example.com", password: "Sunflower7", callbackURL: value },
        ],
        ["/api/auth/sign-up/email", { ...newAccount(), callbackURL: value }],
        ["/api/auth/request-password-reset", { email: "someone@example.com", redirectTo: value }],
        ["/api/auth/send-verification-email", { email: "someone@example.com", callbackURL: value }],
        ["/api/auth/sign-in/social", { provider: "google", callbackURL: "/", errorCallbackURL: value }],
        ["/api/auth/sign-in/social", { provider: "google", callbackURL: "/", newUserCallbackURL: value }],
      ] as const) {
        const res = await client.post(path, body, { schema: ApiErrorSchema });
        const field = Object.keys(body).find((key) => (body as Record<string, unknown>)[key] === value) ?? "";
        expect(res.status, `${path} ${JSON.stringify(value)}`).toBe(400);
        // A NUL anywhere in a JSON body is refused as the body is read (lib/requests/json-body.ts).
        expect(res.body.message).toBe(
          value.includes("\u0000") ? "Request body must not contain NUL characters" : controlMessage(field),
        );
      }
    }
  });

  it("refuses them in the query string, repeated keys included", async () => {
    const client = createClient(ctx.app);
    for (const value of CONTROL) {
      const query = new URLSearchParams({ token: "x", callbackURL: value });
      const res = await client.get(`/api/auth/verify-email?${query}`, { schema: ApiErrorSchema });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.message).toBe(controlMessage("callbackURL"));
    }
    const repeated = new URLSearchParams([
      ["token", "x"],
      ["callbackURL", "/profile"],
      ["callbackURL", "/profile\nFORGED"],
    ]);
    const res = await client.get(`/api/auth/verify-email?${repeated}`, { schema: ApiErrorSchema });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(controlMessage("callbackURL"));
  });

  it("refuses an encoded slash or backslash in a redirect's path, in a body and a query", async () => {
    const client = createClient(ctx.app);
    for (const value of ENCODED_SLASH) {
      const body = await client.post(
        "/api/auth/request-password-reset",
        { email: "someone@example.com", redirectTo: value },
        { schema: ApiErrorSchema },
      );
      expect(body.status, value).toBe(400);
      expect(body.body.message).toBe(slashMessage("redirectTo"));
      const query = new URLSearchParams({ token: "x", callbackURL: value });
      const res = await client.get(`/api/auth/verify-email?${query}`, { schema: ApiErrorSchema });
      expect(res.status, value).toBe(400);
      expect(res.body.message).toBe(slashMessage("callbackURL"));
    }
  });

  it("still takes a path whose own query carries encoded slashes, as the sign-in page's return address does", async () => {
    const client = createClient(ctx.app);
    const res = await client.post("/api/auth/send-verification-email", {
      email: "someone@example.com",
      callbackURL: `/auth/login?${new URLSearchParams({ returnTo: "/tips/abc" })}`,
    });
    expect(res.status).toBe(200);
  });

  it("refuses a control character in any query value, a link's token included, with 400 and a message", async () => {
    const client = createClient(ctx.app);
    for (const value of ["\u0000", "abc\u0000", "abc\ndef"]) {
      const token = encodeURIComponent(value);
      for (const [method, path] of [
        ["post", `/api/auth/reset-password?token=${token}`],
        ["get", `/api/auth/verify-email?token=${token}`],
        ["get", `/api/auth/reset-password/${token}?callbackURL=/auth/reset&token=${token}`],
      ] as const) {
        const res =
          method === "post"
            ? await client.post(path, { newPassword: "Sunflower8" }, { schema: ApiErrorSchema })
            : await client.get(path, { schema: ApiErrorSchema });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.message).toBe(controlMessage("token"));
      }
    }
  });

  it("refuses control characters and encoded slashes in the sign-in callback's state", async () => {
    const client = createClient(ctx.app);
    for (const state of ["a\u0000b", "a\nFORGED", "a%2Fb", "a%5cb"]) {
      const query = new URLSearchParams({ state, code: "x" });
      const res = await client.get(`/api/auth/callback/google?${query}`, { schema: ApiErrorSchema });
      expect(res.status, JSON.stringify(state)).toBe(400);
      expect(res.body.message).toBe(
        state.includes("%")
          ? "state must not contain an encoded slash (%2F or %5C)"
          : controlMessage("state"),
      );
    }
  });
});
