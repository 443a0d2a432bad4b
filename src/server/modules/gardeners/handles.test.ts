import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANDLE_PATTERN, isReservedHandle } from "#shared/handles.ts";
import { users } from "../../db/schema.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";

// Every account is given a handle when it is made, from its name (ADR 039).

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** Letters only, so the handle made from it is predictable: "Fern" and a word nobody else uses. */
const uniqueWord = () => [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("");

async function signUp(name: string) {
  const account = newAccount({ name });
  const res = await createClient(ctx.app).post("/api/auth/sign-up/email", account);
  expect(res.status).toBe(200);
  const [row] = await ctx.db
    .select({ handle: users.handle })
    .from(users)
    .where(eq(users.email, account.email.toLowerCase()));
  return row?.handle;
}

describe("a new account's handle", () => {
  it("is made from the name: lower case, accents dropped, other characters one underscore", async () => {
    const word = uniqueWord();
    expect(await signUp(`Fern ${word}`)).toBe(`fern_${word}`);
    expect(await signUp(`  Émile   O'Brien-${word}!  `)).toBe(`emile_o_brien_${word}`.slice(0, 20));
  });

  it("is different for each of several accounts with the same name made at once", async () => {
    const name = `Fern ${uniqueWord()}`;
    const handles = await Promise.all(Array.from({ length: 6 }, () => signUp(name)));
    const base = name.toLowerCase().replace(" ", "_");
    expect([...handles].sort()).toEqual([base, `${base}2`, `${base}3`, `${base}4`, `${base}5`, `${base}6`]);
  });

  it("is never a reserved word, and is valid when the name gives nothing to make one from", async () => {
    for (const name of ["Admin", "Moderation", "李明", "!!", "x"]) {
      const handle = await signUp(name);
      expect(handle).toMatch(HANDLE_PATTERN);
      expect(isReservedHandle(handle ?? "")).toBe(false);
    }
  });
});
