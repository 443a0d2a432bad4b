import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { BlockSchema } from "#shared/schemas/block.ts";
import { CommentSchema } from "#shared/schemas/comment.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { createClient, newTip, type TestClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";

/** A member blocks another: no comments from them on the blocker's tips, and none of theirs shown to the blocker. */
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await app.close();
});

const Comments = z.array(CommentSchema);

async function tipBy(client: TestClient) {
  const res = await client.post("/api/tips", newTip(`Blocks ${Math.random().toString(36).slice(2, 9)}`), {
    schema: TipSchema,
  });
  expect(res.status).toBe(201);
  return res.body;
}

const comment = (client: TestClient, tipId: string, body: string) =>
  client.post(`/api/tips/${tipId}/comments`, { body });

async function commentBodies(client: TestClient, tipId: string) {
  const res = await client.get(`/api/tips/${tipId}/comments`, { schema: Comments });
  expect(res.status).toBe(200);
  return res.body.map((c) => c.body);
}

async function handleOf(member: { client: TestClient }) {
  const tip = await tipBy(member.client);
  return tip.authorHandle ?? "";
}

describe("blocking a member", () => {
  it("refuses their comments on the blocker's tips and hides theirs from the blocker alone, until unblocked", async () => {
    const blocker = await signedInMember(app, { name: "Blocker" });
    const pest = await signedInMember(app, { name: "Pest" });
    const bystander = await signedInMember(app);
    const mine = await tipBy(blocker.client);
    const theirs = await tipBy(bystander.client);
    expect((await comment(pest.client, theirs._id, "Buy my seeds, before the block")).status).toBe(201);
    expect((await comment(bystander.client, theirs._id, "A fair comment")).status).toBe(201);
    const pestHandle = await handleOf(pest);

    const res = await blocker.client.post(`/api/blocks/${pestHandle}`, {}, { schema: BlockSchema });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ handle: pestHandle, name: pest.account.name });
    expect((await blocker.client.post(`/api/blocks/${pestHandle}`, {})).status).toBe(200);
    const list = await blocker.client.get("/api/blocks", { schema: z.array(BlockSchema) });
    expect(list.body.map((b) => b.handle)).toEqual([pestHandle]);

    const refused = await comment(pest.client, mine._id, "Buy my seeds");
    expect(refused.status).toBe(403);
    expect(ApiErrorSchema.parse(refused.body).message).toBe(
      "The author of this tip has blocked you: you cannot comment on their tips",
    );
    expect(await commentBodies(blocker.client, mine._id)).toEqual([]);
    // Elsewhere they still comment; the blocker no longer sees it, everyone else does.
    expect(await commentBodies(blocker.client, theirs._id)).toEqual(["A fair comment"]);
    expect(await commentBodies(bystander.client, theirs._id)).toEqual([
      "Buy my seeds, before the block",
      "A fair comment",
    ]);
    expect(await commentBodies(createClient(app.app), theirs._id)).toHaveLength(2);

    expect((await blocker.client.delete(`/api/blocks/${pestHandle}`)).status).toBe(204);
    expect((await blocker.client.delete(`/api/blocks/${pestHandle}`)).status).toBe(204);
    expect(await commentBodies(blocker.client, theirs._id)).toHaveLength(2);
    expect((await comment(pest.client, mine._id, "Sorry about that")).status).toBe(201);
  });

  it("refuses their replies to the blocker's comments and in the blocker's threads, on anyone's tip", async () => {
    const blocker = await signedInMember(app, { name: "Blocker" });
    const pest = await signedInMember(app, { name: "Pest" });
    const bystander = await signedInMember(app);
    const theirs = await tipBy(bystander.client);
    const said = await blocker.client.post(
      `/api/tips/${theirs._id}/comments`,
      { body: "Water at dawn." },
      { schema: CommentSchema },
    );
    const answer = await bystander.client.post(
      `/api/tips/${theirs._id}/comments`,
      { body: "Agreed.", replyTo: said.body._id },
      { schema: CommentSchema },
    );
    const elsewhere = await bystander.client.post(
      `/api/tips/${theirs._id}/comments`,
      { body: "Mulch helps too." },
      { schema: CommentSchema },
    );
    expect((await blocker.client.post(`/api/blocks/${await handleOf(pest)}`, {})).status).toBe(201);

    for (const replyTo of [said.body._id, answer.body._id]) {
      const refused = await pest.client.post(
        `/api/tips/${theirs._id}/comments`,
        { body: "You are wrong", replyTo },
        { schema: ApiErrorSchema },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        "This member has blocked you: you cannot reply to their comments or in their threads",
      );
    }
    expect(await commentBodies(bystander.client, theirs._id)).toEqual([
      "Water at dawn.",
      "Agreed.",
      "Mulch helps too.",
    ]);
    // Another member's thread on the same tip is open to them.
    expect(
      (
        await pest.client.post(`/api/tips/${theirs._id}/comments`, {
          body: "Which mulch?",
          replyTo: elsewhere.body._id,
        })
      ).status,
    ).toBe(201);
  });

  it("is for members, of another member that exists", async () => {
    const member = await signedInMember(app);
    const handle = await handleOf(member);
    expect((await createClient(app.app).post(`/api/blocks/${handle}`, {})).status).toBe(401);
    expect((await createClient(app.app).get("/api/blocks")).status).toBe(401);
    const self = await member.client.post(`/api/blocks/${handle}`, {});
    expect(self.status).toBe(422);
    expect(ApiErrorSchema.parse(self.body).message).toBe("You cannot block yourself");
    const nobody = await member.client.post("/api/blocks/no_such_member_here", {});
    expect(nobody.status).toBe(404);
    // What cannot be a handle names nobody either, a NUL byte included (the database refuses it as text).
    for (const notAHandle of ["a%00b", "%C3%A9mile", "x", "..%2F..%2Fapi"]) {
      const path = `/api/blocks/${notAHandle}`;
      for (const res of [
        await member.client.post(path, {}, { schema: ApiErrorSchema }),
        await member.client.delete(path, { schema: ApiErrorSchema }),
      ]) {
        expect(res.status, notAHandle).toBe(404);
        expect(res.body.message).toBe("No member has this handle");
      }
    }
    expect((await member.client.get("/api/blocks", { schema: z.array(BlockSchema) })).body).toEqual([]);
  });
});
