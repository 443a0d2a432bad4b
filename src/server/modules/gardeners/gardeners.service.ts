import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { asHandle, impersonatesTeam } from "#shared/handles.ts";
import type { ProfileUpdateSchema } from "#shared/schemas/gardener.ts";
import type { Db } from "../../db/client.ts";
import { accountImage, type StoredPhoto } from "../../db/photo-columns.ts";
import { followFigures, formerHandles, gardenerFigures, gardeners, users } from "../../db/schema.ts";
import { type GardenerRow, gardenerColumns, memberActive } from "./gardener-list.ts";

/**
 * What the gardeners' cards and pages are read from: a change to any of them changes what they show. The
 * figures kept for them (gardener_figures, explorable_days, kept_counts) change only with tips or users.
 */
export const GARDENER_TABLES = ["users", "gardeners", "tips"] as const;
/** A gardener's page also shows their followers and followings, kept with the follows (follow_figures). */
export const GARDENER_PAGE_TABLES = [...GARDENER_TABLES, "follows"] as const;

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
  /** The members who follow them, and whom they follow. */
  followers: number;
  following: number;
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
  // A handle names no page once its account is leaving or deleted (ADR 089); its own id still reads it.
  const named =
    typeof given === "string"
      ? and(eq(users.handle, handle ?? ""), isNull(users.departure))
      : eq(users.id, given.id);
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
      // Kept with the tips (ADR 069), rather than counted over an author's every tip.
      totalSharedTips: sql<number>`coalesce(${gardenerFigures.publicTips}, 0)`.mapWith(Number),
      totalLikesReceived: sql<number>`coalesce(${gardenerFigures.likesReceived}, 0)`.mapWith(Number),
      recentlyShared: sql<boolean>`coalesce(${memberActive}, false)`,
      followers: sql<number>`coalesce(${followFigures.followers}, 0)`.mapWith(Number),
      following: sql<number>`coalesce(${followFigures.following}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(gardeners, and(eq(users.signInDisabled, true), eq(sql`lower(${gardeners.email})`, users.email)))
    .leftJoin(gardenerFigures, eq(gardenerFigures.userId, users.id))
    .leftJoin(followFigures, eq(followFigures.userId, users.id))
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
    followers: row.followers,
    following: row.following,
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
