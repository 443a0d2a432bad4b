import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CONFIRM_EMAIL_FOR_PUBLIC_TIPS, UNVERIFIED_PUBLIC_TIPS } from "#shared/constants.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { newTip, type TestClient } from "../../test/http-client.ts";
import { memberVerifiedByLink, signedInMember } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";

/**
 * Sharing never waits for a confirmed e-mail, but an account whose e-mail is not confirmed has at most
 * two public tips: its hidden and private tips are not counted, and once it confirms, it shares as any
 * new account does.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const Tips = z.array(TipSchema);

const share = (client: TestClient, title: string, availability = "Public") =>
  client.post("/api/tips", newTip(title, { availability }), { schema: z.union([TipSchema, ApiErrorSchema]) });

async function ownTitles(client: TestClient, email: string) {
  const res = await client.get(`/api/tips?email=${encodeURIComponent(email)}&limit=100`, { schema: Tips });
  return res.body.map((tip) => `${tip.title} (${tip.availability})`).sort();
}

describe("an account whose e-mail is not confirmed", () => {
  it(`shares ${UNVERIFIED_PUBLIC_TIPS} public tips; the next is refused with the way on, and nothing is stored`, async () => {
    const { client, account } = await signedInMember(ctx, { verified: false, name: "Unconfirmed" });
    for (let i = 1; i <= UNVERIFIED_PUBLIC_TIPS; i++)
      expect((await share(client, `Public ${i}`)).status).toBe(201);
    const refused = await share(client, "Public 3");
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: CONFIRM_EMAIL_FOR_PUBLIC_TIPS });
    expect(CONFIRM_EMAIL_FOR_PUBLIC_TIPS).toMatch(
      /^You can share more public tips once you confirm your e-mail/,
    );

    // Hidden and private tips are not counted: the same tip goes in as Hidden.
    expect((await share(client, "Public 3", "Hidden")).status).toBe(201);
    expect((await share(client, "Private one", "Private")).status).toBe(201);
    expect(await ownTitles(client, account.email)).toEqual([
      "Private one (Private)",
      "Public 1 (Public)",
      "Public 2 (Public)",
      "Public 3 (Hidden)",
    ]);
    // Nor visible to anyone else: the public list has two of them.
    const everyone = await ctx.app.request(`http://localhost/api/tips?q=${encodeURIComponent("Public 3")}`);
    expect(await everyone.json()).toEqual([]);
  });

  it("cannot make a third tip public by editing it, and may still edit its public ones", async () => {
    const { client, account } = await signedInMember(ctx, { verified: false, name: "Editor" });
    const [first] = await Promise.all([share(client, "Kept public 1"), share(client, "Kept public 2")]);
    const hidden = await share(client, "Waiting hidden", "Hidden");
    const hiddenId = TipSchema.parse(hidden.body)._id;
    const publish = await client.put(`/api/tips/${hiddenId}`, newTip("Waiting hidden"), {
      schema: ApiErrorSchema,
    });
    expect(publish.status).toBe(422);
    expect(publish.body.message).toBe(CONFIRM_EMAIL_FOR_PUBLIC_TIPS);
    // A public tip stays editable (and public).
    const firstId = TipSchema.parse(first.body)._id;
    const edited = await client.put(`/api/tips/${firstId}`, newTip("Kept public 1, edited"));
    expect(edited.status).toBe(200);
    expect(await ownTitles(client, account.email)).toEqual([
      "Kept public 1, edited (Public)",
      "Kept public 2 (Public)",
      "Waiting hidden (Hidden)",
    ]);
  });

  it("sending two public tips at once with one place left: one goes in", async () => {
    const { client, account } = await signedInMember(ctx, { verified: false, name: "Racer" });
    expect((await share(client, "First")).status).toBe(201);
    const statuses = await Promise.all([share(client, "Second a"), share(client, "Second b")]);
    expect(statuses.map((res) => res.status).sort()).toEqual([201, 422]);
    expect(
      (await ownTitles(client, account.email)).filter((title) => title.endsWith("(Public)")),
    ).toHaveLength(UNVERIFIED_PUBLIC_TIPS);
  });

  it("shares as any account once it confirms its e-mail through the link it was sent", async () => {
    const { client } = await memberVerifiedByLink(ctx);
    // A third public tip (an account under a day old shares at most 3 a minute).
    for (let i = 1; i <= UNVERIFIED_PUBLIC_TIPS + 1; i++)
      expect((await share(client, `Confirmed ${i}`)).status).toBe(201);
  });
});
