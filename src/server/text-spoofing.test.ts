import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { createClient, newAccount, newTip } from "./test/http-client.ts";
import { createTestApp } from "./test/test-db.ts";

/**
 * Names and titles are shown to everyone: characters that hide themselves or turn the text around them
 * (a right-to-left override makes "gpj.exe" read "exe.jpg") are refused with a clear message, and nothing
 * is stored. Ordinary text in any script, emoji sequences included, still goes through.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

const HIDDEN = {
  "right-to-left override": "\u202E",
  "left-to-right isolate": "\u2066",
  "zero-width space": "\u200B",
  "word joiner": "\u2060",
  "byte order mark": "\uFEFF",
  "line separator": "\u2028",
  "paragraph separator": "\u2029",
};

describe("invisible and direction-changing characters", () => {
  for (const [what, char] of Object.entries(HIDDEN)) {
    it(`refuses a tip title or plant type with a ${what}, storing nothing`, async () => {
      const author = createClient(ctx.app);
      const account = newAccount();
      await author.post("/api/auth/sign-up/email", account);
      const title = `Prune roses${char} in March`;
      for (const body of [newTip(title), newTip("Prune roses in March", { plantType: `Ro${char}se` })]) {
        const res = await author.post("/api/tips", body, { schema: ApiErrorSchema });
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toMatch(/must not contain invisible or text-direction characters/);
      }
      const mine = await author.get(`/api/tips?email=${encodeURIComponent(account.email)}`);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual([]);
    });

    it(`refuses a name with a ${what} at sign-up and on the profile`, async () => {
      const member = createClient(ctx.app);
      const account = newAccount();
      const refused = await member.post("/api/auth/sign-up/email", {
        ...account,
        name: `Ann${char}a Gardener`,
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(/invisible or text-direction characters/);
      const signedUp = await member.post("/api/auth/sign-up/email", account);
      expect(signedUp.status).toBe(200);
      const renamed = await member.post("/api/auth/update-user", { name: `Evil${char}Name` });
      expect(renamed.status).toBe(400);
      const session = await member.get("/api/auth/get-session");
      expect(JSON.stringify(session.body)).toContain(account.name);
    });
  }

  it("keeps ordinary text of any script and emoji sequences", async () => {
    const author = createClient(ctx.app);
    await author.post("/api/auth/sign-up/email", newAccount({ name: "مریم 👩‍🌾 Gärtnerin" }));
    const res = await author.post("/api/tips", newTip("Tomaten 🍅 und گوجه‌فرنگی: 👩‍🌾 tips"), {
      schema: TipSchema,
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe("Tomaten 🍅 und گوجه‌فرنگی: 👩‍🌾 tips");
    expect(res.body.name).toBe("مریم 👩‍🌾 Gärtnerin");
  });

  it("turns line separators in a description into line breaks", async () => {
    const author = createClient(ctx.app);
    await author.post("/api/auth/sign-up/email", newAccount());
    const res = await author.post(
      "/api/tips",
      newTip("Water deeply", { description: "Water deeply.\u2028Then mulch.\u2029Done." }),
      { schema: TipSchema },
    );
    expect(res.status).toBe(201);
    expect(res.body.description).toBe("Water deeply.\nThen mulch.\n\nDone.");
  });
});
