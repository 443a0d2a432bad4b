import { and, desc, eq } from "drizzle-orm";
import { asHandle } from "#shared/handles.ts";
import type { Db } from "../../db/client.ts";
import { accountImage, type StoredPhoto } from "../../db/photo-columns.ts";
import { blocks, users } from "../../db/schema.ts";

export interface BlockRow {
  handle: string;
  name: string;
  image: string | null;
  photo: StoredPhoto | null;
  createdAt: Date;
}

/** The accounts a member blocked, the latest first. */
export async function listBlocks(db: Db, blockerId: string): Promise<BlockRow[]> {
  return db
    .select({ handle: users.handle, name: users.name, ...accountImage(), createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
}

/** The account with this handle: who is blocked or unblocked. */
export async function accountByHandle(db: Db, given: string) {
  const handle = asHandle(given);
  if (!handle) return null;
  const [row] = await db
    .select({ id: users.id, handle: users.handle, name: users.name, ...accountImage() })
    .from(users)
    .where(eq(users.handle, handle));
  return row ?? null;
}

/** Blocks `blockedId`; answers whether the block is new (false when it was there already). */
export async function block(
  db: Db,
  blockerId: string,
  blockedId: string,
): Promise<{ created: boolean; at: Date }> {
  const [made] = await db
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ at: blocks.createdAt });
  if (made) return { created: true, at: made.at };
  const [kept] = await db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return { created: false, at: kept?.at ?? new Date() };
}

export async function unblock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}
