import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { type createClient, newTip } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";

// Links are what spam is for: a tip from an account younger than a day, or one whose e-mail is not
// verified, may hold at most two (docs/product.md, "Brakes for newcomers").

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

const THREE_LINKS = {
  title: "Seed swaps near you",
  plantType: "Beans https://beans.example/one",
  description: "See https://seeds.example/a and https://seeds.example/b (both free).",
};

async function ownTips(client: ReturnType<typeof createClient>, email: string) {
  const res = await client.get(`/api/tips?email=${encodeURIComponent(email)}&limit=100`);
  return (res.body as Array<{ title: string }>).map((tip) => tip.title);
}

describe("links in a newcomer's tip", () => {
  it("refuses three links from an account younger than a day with the rule and when it lifts, storing nothing", async () => {
    const fresh = await signedInMember(ctx, { ageHours: 3, name: "Fresh" });
    const res = await fresh.client.post("/api/tips", newTip("x", THREE_LINKS), { schema: ApiErrorSchema });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      "A tip from an account younger than a day may hold at most 2 links; more are allowed in 21 hours",
    );
    expect(await ownTips(fresh.client, fresh.account.email)).toEqual([]);
    // Two links are fine.
    const two = { ...THREE_LINKS, plantType: "Beans" };
    const ok = await fresh.client.post("/api/tips", newTip("x", two), { schema: TipSchema });
    expect(ok.status).toBe(201);
    // And an edit may not add the third.
    const edit = await fresh.client.put(`/api/tips/${ok.body._id}`, newTip("x", THREE_LINKS), {
      schema: ApiErrorSchema,
    });
    expect(edit.status).toBe(422);
    expect((await fresh.client.get(`/api/tips/${ok.body._id}`, { schema: TipSchema })).body.plantType).toBe(
      "Beans",
    );
  });

  it("holds a tip from an unverified account to two links whatever its age; a verified day-old one may post more", async () => {
    const unverified = await signedInMember(ctx, { verified: false, name: "Unverified" });
    const refused = await unverified.client.post("/api/tips", newTip("x", THREE_LINKS), {
      schema: ApiErrorSchema,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      "A tip may hold at most 2 links until your e-mail address is verified: use the link we sent you",
    );
    const young = await signedInMember(ctx, { verified: false, ageHours: 1, name: "Younger" });
    const both = await young.client.post("/api/tips", newTip("x", THREE_LINKS), { schema: ApiErrorSchema });
    expect(both.status).toBe(422);
    expect(both.body.message).toBe(
      "A tip may hold at most 2 links until your e-mail address is verified and your account is a day old (in 23 hours)",
    );

    const member = await signedInMember(ctx, { name: "Settled" });
    const ok = await member.client.post("/api/tips", newTip("x", THREE_LINKS), { schema: TipSchema });
    expect(ok.status).toBe(201);
    expect(ok.body.description).toBe(THREE_LINKS.description);
  });
});

describe("links on a newcomer's gardener page", () => {
  it("holds an unverified or day-young page to two links over all its fields, changing nothing when refused", async () => {
    const unverified = await signedInMember(ctx, { verified: false, name: "Page Unverified" });
    const twoLinks = { bio: "My plot: https://plot.example and https://seeds.example" };
    expect((await unverified.client.patch("/api/profile", twoLinks)).status).toBe(200);
    // A third, in another field or a later change, is refused: the page as it would be is counted.
    const third = await unverified.client.patch(
      "/api/profile",
      { location: "Leeds, see https://map.example" },
      { schema: ApiErrorSchema },
    );
    expect(third.status).toBe(422);
    expect(third.body.message).toBe(
      "A gardener page may hold at most 2 links until your e-mail address is verified: use the link we sent you",
    );
    const many = await unverified.client.patch(
      "/api/profile",
      { bio: Array.from({ length: 20 }, (_, n) => `https://spam${n}.example`).join(" ") },
      { schema: ApiErrorSchema },
    );
    expect(many.status).toBe(422);
    const own = await unverified.client.get("/api/profile");
    expect(own.body).toMatchObject({ bio: twoLinks.bio });
    expect(own.body).not.toHaveProperty("location");

    const young = await signedInMember(ctx, { ageHours: 2, name: "Page Young" });
    const refused = await young.client.patch(
      "/api/profile",
      { bio: "https://a.example https://b.example", certifications: ["See https://c.example"] },
      { schema: ApiErrorSchema },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      "A gardener page from an account younger than a day may hold at most 2 links; more are allowed in 22 hours",
    );

    // A verified account a day old writes what it likes; a change without a link is never counted.
    const settled = await signedInMember(ctx, { name: "Page Settled" });
    const bio = Array.from({ length: 5 }, (_, n) => `https://garden${n}.example`).join(" ");
    expect((await settled.client.patch("/api/profile", { bio })).status).toBe(200);
    expect((await unverified.client.patch("/api/profile", { gardenName: "Back Lane" })).status).toBe(200);
  });
});
