import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { GARDENER_STATUSES, Role } from "#shared/constants.ts";
import { asHandle, impersonatesTeam } from "#shared/handles.ts";
import type { GardenerListQuerySchema, ProfileUpdateSchema } from "#shared/schemas/gardener.ts";
import type { Db } from "../../db/client.ts";
import { accountImage, photoOf, type StoredPhoto, storedPhotoOf } from "../../db/photo-columns.ts";
import { formerHandles, gardeners, tips, users } from "../../db/schema.ts";
import { pageShown, tipPublic } from "../../lib/rules/visibility.ts";

type ListParams = z.output<typeof GardenerListQuerySchema>;
type GardenerStatus = (typeof GARDENER_STATUSES)[number];

/**
 * Counted live, so it always agrees with the tips, and only public tips count: hidden and private tips are
 * in no public count.
 * Tip e-mails come lower-cased from the session; a gardener's may have capitals.
 */
const totalSharedTips = sql<number>`(
  select count(*)::int from tips
  where tips.email = lower(gardeners.email) and ${tipPublic()}
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
type GardenerRow = Omit<typeof gardeners.$inferSelect, "createdAt"> & { totalSharedTips: number };

/**
 * One card of Explore Gardeners: a demo gardener's (`id` their number, `handle` their account's, null when
 * their e-mail has no demo account) or a member's (`id` null, no e-mail).
 */
export type GardenerListRow = Omit<GardenerRow, "id" | "email" | "image"> & {
  id: number | null;
  /** The account's role: the team's cards carry it as a badge. */
  role: Role;
  handle: string | null;
  email: string | null;
  image: string | null;
  photo: StoredPhoto | null;
};

/** What the gardeners' cards and pages are read from: a change to any of them changes what they show. */
export const GARDENER_TABLES = ["users", "gardeners", "tips"] as const;

/** How recently a member must have shared a public tip to count as active. */
const ACTIVE_DAYS = 90;

/**
 * Everyone Explore Gardeners shows, as one list (ADR 039): the demo gardeners' cards, and every member (an
 * account someone signs in to) who has shared a public tip and has not asked to be left out. The demo
 * accounts nobody signs in to own the demo tips and show through their cards, joined by e-mail.
 */
function everyGardener(db: Db, status: ListParams["status"]) {
  const demoAccount = and(eq(users.signInDisabled, true), eq(users.email, sql`lower(${gardeners.email})`));
  const cards = db
    .select({
      id: sql<number | null>`${gardeners.id}`.as("id"),
      handle: sql<string | null>`${users.handle}`.as("handle"),
      name: sql<string>`${gardeners.name}`.as("name"),
      image: sql<string | null>`${gardeners.image}`.as("image"),
      photo: sql<StoredPhoto | null>`null::json`.as("photo"),
      status: sql<GardenerStatus>`${gardeners.status}`.as("status"),
      email: sql<string | null>`${gardeners.email}`.as("email"),
      age: sql<number | null>`${gardeners.age}`.as("age"),
      gender: sql<string | null>`${gardeners.gender}`.as("gender"),
      experiences: sql<string | null>`${gardeners.experiences}`.as("experiences"),
      location: sql<string | null>`${gardeners.location}`.as("location"),
      certifications: sql<string[]>`${gardeners.certifications}`.as("certifications"),
      gardenName: sql<string | null>`${gardeners.gardenName}`.as("garden_name"),
      youtube: sql<string | null>`${gardeners.youtube}`.as("youtube"),
      totalSharedTips: sql<number>`${totalSharedTips}`.as("total_shared_tips"),
      role: sql<Role>`coalesce(${users.role}, 'member')`.as("role"),
    })
    .from(gardeners)
    .leftJoin(users, demoAccount)
    .where(status ? eq(gardeners.status, status) : undefined);
  const shared = db
    .select({
      authorId: tips.authorId,
      count: sql<number>`count(*)::int`.as("shared"),
      active: sql<boolean>`max(${tips.createdAt}) > now() - make_interval(days => ${ACTIVE_DAYS})`.as(
        "active",
      ),
    })
    .from(tips)
    .where(tipPublic())
    .groupBy(tips.authorId)
    .as("shared");
  const memberStatus = sql<GardenerStatus>`(case when ${shared.active} then 'active' else 'inactive' end)::gardener_status`;
  const members = db
    .select({
      id: sql<number | null>`null::int`.as("id"),
      handle: sql<string | null>`${users.handle}`.as("handle"),
      name: sql<string>`${users.name}`.as("name"),
      image: sql<string | null>`${users.image}`.as("image"),
      photo: photoOf(users.photoHash).as("photo"),
      status: memberStatus.as("status"),
      email: sql<string | null>`null::text`.as("email"),
      age: sql<number | null>`${users.age}`.as("age"),
      gender: sql<string | null>`${users.gender}`.as("gender"),
      experiences: sql<string | null>`${users.experiences}`.as("experiences"),
      location: sql<string | null>`${users.location}`.as("location"),
      certifications: sql<string[]>`${users.certifications}`.as("certifications"),
      gardenName: sql<string | null>`${users.gardenName}`.as("garden_name"),
      youtube: sql<string | null>`${users.youtube}`.as("youtube"),
      totalSharedTips: sql<number>`${shared.count}`.as("total_shared_tips"),
      role: sql<Role>`${users.role}`.as("role"),
    })
    .from(users)
    .innerJoin(shared, eq(shared.authorId, users.id))
    .where(
      and(
        eq(users.listed, true),
        eq(users.signInDisabled, false),
        // A page on hold, or an account on hold, is on no list (ADR 041).
        pageShown,
        status === undefined ? undefined : sql`${shared.active} = ${status === "active"}`,
      ),
    );
  return cards.unionAll(members).as("everyone");
}

export async function listGardeners(
  db: Db,
  { status, limit, offset }: ListParams,
): Promise<{ rows: GardenerListRow[]; total: number }> {
  const everyone = everyGardener(db, status);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(everyone)
      .orderBy(asc(everyone.name), sql`${everyone.id} nulls last`, asc(everyone.handle))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(everyone),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      photo: storedPhotoOf(row.photo),
      totalSharedTips: Number(row.totalSharedTips),
    })),
    total: totals?.total ?? 0,
  };
}

/** How many gardeners Explore Gardeners shows: "Total Gardeners" on the dashboard. */
export async function countGardeners(db: Db): Promise<number> {
  const everyone = everyGardener(db, undefined);
  const [totals] = await db.select({ total: count() }).from(everyone);
  return totals?.total ?? 0;
}

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
    | "listed"
    | "createdAt"
    | "held"
    | "pageHold"
    | "pageHoldReviewAskedAt"
    | "role"
  > & { photo: StoredPhoto | null };
  /** The specification's card, for a demo gardener's account; null for a member. */
  card: GardenerRow | null;
  totalSharedTips: number;
  totalLikesReceived: number;
  /** Whether their latest public tip is younger than ACTIVE_DAYS. */
  recentlyShared: boolean;
}

/**
 * The account named by a handle (any case), or by its id, with its public counts, in one statement; null
 * when none is.
 * A demo gardener's account (one nobody signs in to, owning the demo tips by e-mail) brings its card.
 */
export async function findGardenerPage(
  db: Db,
  given: string | { id: string },
): Promise<GardenerPageRow | null> {
  const handle = typeof given === "string" ? asHandle(given) : null;
  if (typeof given === "string" && !handle) return null;
  const named = typeof given === "string" ? eq(users.handle, handle ?? "") : eq(users.id, given.id);
  const publicTips = sql`from ${tips} where ${tips.authorId} = ${users.id} and ${tipPublic()}`;
  const [row] = await db
    .select({
      account: {
        id: users.id,
        handle: users.handle,
        name: users.name,
        ...accountImage(),
        bio: users.bio,
        location: users.location,
        experiences: users.experiences,
        certifications: users.certifications,
        gardenName: users.gardenName,
        youtube: users.youtube,
        age: users.age,
        gender: users.gender,
        listed: users.listed,
        createdAt: users.createdAt,
        role: users.role,
        held: users.held,
        pageHold: users.pageHold,
        pageHoldReviewAskedAt: users.pageHoldReviewAskedAt,
      },
      cardId: gardeners.id,
      totalSharedTips: sql<number>`(select count(*)::int ${publicTips})`.mapWith(Number),
      totalLikesReceived:
        sql<number>`(select coalesce(sum(${tips.totalLiked}), 0)::int ${publicTips})`.mapWith(Number),
      recentlyShared: sql<boolean>`exists (select 1 ${publicTips} and ${tips.createdAt} > now() - make_interval(days => ${ACTIVE_DAYS}))`,
    })
    .from(users)
    .leftJoin(gardeners, and(eq(users.signInDisabled, true), eq(sql`lower(${gardeners.email})`, users.email)))
    .where(named)
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

/** A new handle that passes for the team's (impersonatesTeam); a handle the account already has stays. */
export class TeamHandleError extends Error {
  override name = "TeamHandleError";
}

/** The page is on hold and its member already changed it once to ask for it back. */
export class ReviewAlreadyAskedError extends Error {
  override name = "ReviewAlreadyAskedError";
}

/**
 * Changes the member's gardener page: only the fields given. A page on hold may be changed once, which
 * asks the moderators to show it again (ADR 041); a second change throws ReviewAlreadyAskedError. Answers the handle the page now has. A handle
 * another account has (the unique index decides, so two members asking for one at once cannot both get
 * it) throws HandleTakenError.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  changes: z.output<typeof ProfileUpdateSchema>,
): Promise<string | null> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [current] = await db
    .select({ pageHold: users.pageHold, askedAt: users.pageHoldReviewAskedAt, handle: users.handle })
    .from(users)
    .where(eq(users.id, userId));
  if (changes.handle !== undefined && changes.handle !== current?.handle && impersonatesTeam(changes.handle))
    throw new TeamHandleError();
  if (current?.pageHold && current.askedAt) throw new ReviewAlreadyAskedError();
  try {
    const [row] = await db
      .update(users)
      .set({
        ...set,
        updatedAt: new Date(),
        ...(current?.pageHold ? { pageHoldReviewAskedAt: new Date() } : {}),
      })
      .where(eq(users.id, userId))
      .returning({ handle: users.handle });
    return row?.handle ?? null;
  } catch (error) {
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause)
      if ((cause as { constraint?: string }).constraint === "users_handle_key") throw new HandleTakenError();
    throw error;
  }
}

/**
 * Where a handle (any case) leads (ADR 054): to the account that has it, to the member who had it before
 * they changed it (with their handle now), or to nobody.
 */
export async function whereHandleLeads(
  db: Db,
  given: string,
): Promise<{ to: "current" } | { to: "moved"; handle: string } | { to: "nobody" }> {
  const handle = asHandle(given);
  if (!handle) return { to: "nobody" };
  const [row] = await db
    .select({
      current: sql<boolean>`exists (select 1 from ${users} where ${users.handle} = ${handle})`,
      now: sql<
        string | null
      >`(select u.handle from ${formerHandles} f join ${users} u on u.id = f.user_id where f.handle = ${handle})`,
    })
    .from(sql`(select 1) as one`);
  if (row?.current) return { to: "current" };
  return row?.now ? { to: "moved", handle: row.now } : { to: "nobody" };
}
