import { z } from "zod";
import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import { type Block, BlockSchema } from "#shared/schemas/block.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireUser } from "../../lib/security/session.ts";
import { type Images, imagesOf } from "../../lib/urls.ts";
import { accountByHandle, type BlockRow, block, listBlocks, unblock } from "./blocks.service.ts";

const NO_MEMBER = "No member has this handle";
const handleParam = z.object({ handle: z.string().meta({ description: "The member's handle" }) });

function toBlock(row: BlockRow, images: Images): Block {
  return {
    handle: row.handle,
    name: row.name,
    image: images.url(row.image, row.photo, DEFAULT_AVATAR_IMAGE),
    ...images.view(row.photo),
    createdAt: row.createdAt.toISOString(),
  };
}

const listRoute = apiRoute({
  method: "get",
  path: "/blocks",
  operationId: "listBlocks",
  tags: ["Blocks"],
  summary: "The members you blocked",
  description: "The latest first.",
  middleware: [requireUser("Sign in to see whom you blocked")] as const,
  responses: {
    200: { description: "Your blocks", content: { "application/json": { schema: z.array(BlockSchema) } } },
  },
});

const blockRoute = apiRoute({
  method: "post",
  path: "/blocks/{handle}",
  operationId: "blockMember",
  tags: ["Blocks"],
  summary: "Block a member",
  description:
    "The member may no longer comment on your tips (403), and you no longer see their comments anywhere. They are not told. Blocking them again answers the block there is (200).",
  middleware: [
    requireUser("Sign in to block a member"),
    rateLimit<SignedInEnv>("block", (c) => c.var.user.id),
  ] as const,
  request: { params: handleParam },
  responses: {
    201: { description: "Blocked", content: { "application/json": { schema: BlockSchema } } },
    200: { description: "Blocked already", content: { "application/json": { schema: BlockSchema } } },
    ...errorResponses({ 404: NO_MEMBER, 422: "You cannot block yourself" }),
  },
});

const unblockRoute = apiRoute({
  method: "delete",
  path: "/blocks/{handle}",
  operationId: "unblockMember",
  tags: ["Blocks"],
  summary: "Unblock a member",
  description:
    "Their comments show to you again, and they may comment on your tips. Unblocking someone not blocked changes nothing.",
  middleware: [
    requireUser("Sign in to unblock a member"),
    rateLimit<SignedInEnv>("block", (c) => c.var.user.id),
  ] as const,
  request: { params: handleParam },
  responses: {
    204: { description: "Not blocked" },
    ...errorResponses({ 404: NO_MEMBER }),
  },
});

export const blocksRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const images = imagesOf(c);
    return c.json(
      (await listBlocks(c.var.db, c.var.user.id)).map((row) => toBlock(row, images)),
      200,
    );
  })
  .openapi(blockRoute, async (c) => {
    const account = await accountByHandle(c.var.db, c.req.valid("param").handle);
    if (!account) throw new HttpError(404, NO_MEMBER);
    if (account.id === c.var.user.id) throw new HttpError(422, "You cannot block yourself");
    const { created, at } = await block(c.var.db, c.var.user.id, account.id);
    const body = toBlock({ ...account, createdAt: at }, imagesOf(c));
    return created ? c.json(body, 201) : c.json(body, 200);
  })
  .openapi(unblockRoute, async (c) => {
    const account = await accountByHandle(c.var.db, c.req.valid("param").handle);
    if (!account) throw new HttpError(404, NO_MEMBER);
    await unblock(c.var.db, c.var.user.id, account.id);
    return c.body(null, 204);
  });
