import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { HANDLE_PATTERN, impersonatesTeam, isReservedHandle, TEAM_HANDLE_REFUSED } from "#shared/handles.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { rowsOf } from "../../db/rows.ts";
import { users } from "../../db/schema.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";
import { MIXED_ALPHABETS_REFUSED, TEAM_NAME_REFUSED } from "../accounts/identity.ts";

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

describe("a handle that passes for the team's", () => {
  it("is never made from a name: such a name gets a neutral handle, gardener2 and on", async () => {
    for (const name of [
      "Admin",
      "Moderator",
      "Site Adm1n",
      "Mod",
      "Team",
      "Official Support",
      "Mia Moderat0r",
    ])
      expect(await signUp(name), name).toMatch(/^gardener\d+$/);
    // Ordinary words that hold a short stem stay the member's own.
    const word = uniqueWord();
    expect(await signUp(`Beetroot ${word}`)).toBe(`beetroot_${word}`.slice(0, 20));
    expect(await signUp(`Modern ${word}`)).toBe(`modern_${word}`.slice(0, 20));
  });

  it("is the same rule in the database that makes handles as in the site that checks them", async () => {
    const samples = [
      ...["admin", "admin_", "adm1n", "4dmin", "adrnin", "site_admin", "mia_moderat0r", "moderator9"],
      ...["mod", "mod2", "m0d", "team", "team_2", "root", "staff", "support", "tomato_support", "0fficial"],
      ...[
        "system",
        "gardening_community",
        "official_rose",
        "modern",
        "model_garden",
        "beetroot",
        "rootstock",
      ],
      ...["steam", "badminton_fan", "ecosystem", "jim_odell", "ada", "gardener2", "rose_marsh", "teamwork"],
    ];
    for (const handle of samples) {
      const [row] = await rowsOf(
        ctx.db,
        z.object({ refused: z.boolean() }),
        sql`select handle_impersonates_team(${handle}) as refused`,
      );
      expect(row?.refused, handle).toBe(impersonatesTeam(handle));
    }
    expect(samples.filter(impersonatesTeam)).toEqual([
      ...["admin", "admin_", "adm1n", "4dmin", "adrnin", "site_admin", "mia_moderat0r", "moderator9"],
      ...["mod", "mod2", "m0d", "team", "team_2", "root", "staff", "support", "tomato_support", "0fficial"],
      ...["system", "gardening_community", "official_rose"],
    ]);
  });

  it("is refused when a member chooses it, with the rule; a neutral one is taken", async () => {
    const { client } = await signedInMember(ctx);
    for (const handle of ["adm1n", "admin_", "mod", "team", "mia_moderat0r", "Site_Admin"]) {
      const res = await client.patch("/api/profile", { handle }, { schema: ApiErrorSchema });
      expect(res.status, handle).toBe(400);
      expect(res.body.message).toBe(TEAM_HANDLE_REFUSED);
    }
    const own = `modern_${uniqueWord()}`.slice(0, 25);
    const taken = await client.patch("/api/profile", { handle: own });
    expect(taken.status, taken.text).toBe(200);
    expect((taken.body as { handle: string }).handle).toBe(own);
  });
});

describe("a name that passes for the team's", () => {
  async function teamMember(name: string) {
    const member = await signedInMember(ctx, { name });
    await ctx.db.update(users).set({ role: "moderator" }).where(eq(users.id, member.id));
    const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, member.id));
    return { ...member, name: row?.name ?? "" };
  }

  it("is refused at sign-up and on a change when it reads like a moderator's, in any letters", async () => {
    const moderator = await teamMember(`Rose ${uniqueWord()}`);
    const rest = moderator.name.slice("Rose ".length);
    const lookAlikes = [
      moderator.name.toUpperCase(),
      `R0se ${rest}`,
      `Rоse ${rest}`, // a Cyrillic о
      `Rose  ${rest}.`,
    ];
    for (const name of lookAlikes) {
      const res = await createClient(ctx.app).post("/api/auth/sign-up/email", newAccount({ name }), {
        schema: ApiErrorSchema,
      });
      expect(res.status, name).toBe(400);
      expect([TEAM_NAME_REFUSED, MIXED_ALPHABETS_REFUSED]).toContain(res.body.message);
    }
    const member = await signedInMember(ctx);
    const renamed = await member.client.post(
      "/api/auth/update-user",
      { name: `R0se ${rest}` },
      { schema: ApiErrorSchema },
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(TEAM_NAME_REFUSED);
    // The moderator keeps their own name, in any case; another name is anyone's.
    expect(
      (await moderator.client.post("/api/auth/update-user", { name: moderator.name.toLowerCase() })).status,
    ).toBe(200);
    expect((await member.client.post("/api/auth/update-user", { name: `Rosa ${rest}` })).status).toBe(200);
  });

  it("is refused when a word mixes alphabets, as a name made to pass for another is", async () => {
    const res = await createClient(ctx.app).post(
      "/api/auth/sign-up/email",
      newAccount({ name: "Sіte Аdmin" }), // Cyrillic і and А
      { schema: ApiErrorSchema },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MIXED_ALPHABETS_REFUSED);
    // A name in one alphabet, or words in two alphabets side by side, is a name.
    expect(
      (await createClient(ctx.app).post("/api/auth/sign-up/email", newAccount({ name: "Иван Petrov" })))
        .status,
    ).toBe(200);
    expect(
      (await createClient(ctx.app).post("/api/auth/sign-up/email", newAccount({ name: "Ελένη" }))).status,
    ).toBe(200);
  });
});
