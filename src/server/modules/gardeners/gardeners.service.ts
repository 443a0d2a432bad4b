import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { HANDLE_PATTERN } from "#shared/handles.ts";
import type { GardenerListQuerySchema, ProfileUpdateSchema } from "#shared/schemas/gardener.ts";
import type { Db } from "../../db/client.ts";
import { gardeners, tips, users } from "../../db/schema.ts";

type ListParams = z.output<typeof GardenerListQuerySchema>;

/**
 * Counted live, so it always agrees with the tips, and only public tips count: hidden and private tips are
 * in no public count.
 * Tip e-mails come lower-cased from the session; a gardener's may have capitals.
 */
const totalSharedTips = sql<number>`(
  select count(*)::int from tips
  where tips.email = lower(gardeners.email) and tips.availability = 'Public'
)`.mapWith(Number);

const gardenerColumns = {
  id: gardeners.id,
  name: gardeners.name,
  image: gardeners.image,
  status: gardeners.status,
  email: gardeners.email,
  age: gardeners.age,
  gender: gardeners.gender,
  experiences: gardeners.experiences,
  location: gardeners.location,
  certifications: gardeners.certifications,
  gardenName: gardeners.gardenName,
  youtube: gardeners.youtube,
  totalSharedTips,
};

/** A gardener as stored, with the live count of their public tips; gardener-dto.ts makes the API's shape. */
export type GardenerRow = Omit<typeof gardeners.$inferSelect, "createdAt"> & { totalSharedTips: number };

export async function listGardeners(
  db: Db,
  { status, limit, offset }: ListParams,
): Promise<{ rows: GardenerRow[]; total: number }> {
  const where = status ? eq(gardeners.status, status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(gardenerColumns)
      .from(gardeners)
      .where(and(where))
      .orderBy(asc(gardeners.name), asc(gardeners.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(gardeners).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** How recently a member must have shared a public tip to count as active. */
const ACTIVE_DAYS = 90;

/** What a gardener's page is made of: the account, a demo gardener's card where there is one, and counts. */
export interface GardenerPageRow {
  account: Pick<
    typeof users.$inferSelect,
    | "id"
    | "handle"
    | "name"
    | "image"
    | "bio"
    | "location"
    | "experiences"
    | "certifications"
    | "gardenName"
    | "youtube"
    | "age"
    | "gender"
    | "createdAt"
  >;
  /** The specification's card, for a demo gardener's account; null for a member. */
  card: GardenerRow | null;
  totalSharedTips: number;
  totalLikesReceived: number;
  /** Whether their latest public tip is younger than ACTIVE_DAYS. */
  recentlyShared: boolean;
}

/**
 * The account named by `handle` (any case) with its public counts, in one statement; null when none is.
 * A demo gardener's account (one nobody signs in to, owning the demo tips by e-mail) brings its card.
 */
export async function findGardenerPage(db: Db, given: string): Promise<GardenerPageRow | null> {
  // What cannot be a handle names nobody: never sent to the database (a NUL byte is not even text there).
  const handle = given.toLowerCase();
  if (!HANDLE_PATTERN.test(handle)) return null;
  const publicTips = sql`from ${tips} where ${tips.authorId} = ${users.id} and ${tips.availability} = 'Public'`;
  const [row] = await db
    .select({
      account: {
        id: users.id,
        handle: users.handle,
        name: users.name,
        image: users.image,
        bio: users.bio,
        location: users.location,
        experiences: users.experiences,
        certifications: users.certifications,
        gardenName: users.gardenName,
        youtube: users.youtube,
        age: users.age,
        gender: users.gender,
        createdAt: users.createdAt,
      },
      cardId: gardeners.id,
      totalSharedTips: sql<number>`(select count(*)::int ${publicTips})`.mapWith(Number),
      totalLikesReceived:
        sql<number>`(select coalesce(sum(${tips.totalLiked}), 0)::int ${publicTips})`.mapWith(Number),
      recentlyShared: sql<boolean>`exists (select 1 ${publicTips} and ${tips.createdAt} > now() - make_interval(days => ${ACTIVE_DAYS}))`,
    })
    .from(users)
    .leftJoin(gardeners, and(eq(users.signInDisabled, true), eq(sql`lower(${gardeners.email})`, users.email)))
    .where(eq(users.handle, handle))
    .limit(1);
  if (!row) return null;
  const card =
    row.cardId === null
      ? null
      : ((await db.select(gardenerColumns).from(gardeners).where(eq(gardeners.id, row.cardId)).limit(1))[0] ??
        null);
  return {
    account: row.account,
    card,
    totalSharedTips: row.totalSharedTips,
    totalLikesReceived: row.totalLikesReceived,
    recentlyShared: row.recentlyShared,
  };
}

/** Another account already has the handle asked for. */
export class HandleTakenError extends Error {
  override name = "HandleTakenError";
}

/**
 * Changes the member's gardener page: only the fields given. Answers the handle the page now has. A handle
 * another account has (the unique index decides, so two members asking for one at once cannot both get
 * it) throws HandleTakenError.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  changes: z.output<typeof ProfileUpdateSchema>,
): Promise<string | null> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  try {
    const [row] = await db
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ handle: users.handle });
    return row?.handle ?? null;
  } catch (error) {
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause)
      if ((cause as { constraint?: string }).constraint === "users_handle_key") throw new HandleTakenError();
    throw error;
  }
}
