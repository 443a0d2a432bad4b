/**
 * Explore Gardeners (ADR 039, 069): the demo gardeners' cards and the members the list shows, a page at a
 * time, and how many there are, read from what the database keeps rather than from the tips.
 */
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { GARDENER_STATUSES, Role } from "#shared/constants.ts";
import type { GardenerListQuerySchema } from "#shared/schemas/gardener.ts";
import type { Db } from "../../db/client.ts";
import { photoOf, type StoredPhoto, storedPhotoOf } from "../../db/photo-columns.ts";
import { explorableDays, gardenerFigures, gardeners, keptCounts, users } from "../../db/schema.ts";
import { tipPublic } from "../../lib/rules/visibility.ts";

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

export const gardenerColumns = {
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

/** How recently a member must have shared a public tip to count as active. */
const ACTIVE_DAYS = 90;
const activeSince = sql`now() - make_interval(days => ${ACTIVE_DAYS})`;

/** A member shared a tip anyone may see within ACTIVE_DAYS (`last_shared_at` is kept, ADR 069). */
export const memberActive = sql<boolean>`${users.lastSharedAt} > ${activeSince}`;

/** The members Explore Gardeners lists, of one status or of both. */
function explorableMembers(status: ListParams["status"]) {
  return and(
    // Listed, signed in to, neither it nor its page on hold (ADR 041), with a tip anyone may see.
    eq(users.explorable, true),
    status === undefined ? undefined : status === "active" ? memberActive : sql`not ${memberActive}`,
  );
}

/** A member's public tips, as kept (ADR 069). */
const memberTips = (accountId: SQL) => sql<number>`coalesce((
  select ${gardenerFigures.publicTips} from ${gardenerFigures} where ${gardenerFigures.userId} = ${accountId}
), 0)`;

/**
 * Everyone Explore Gardeners shows, as one list (ADR 039): the demo gardeners' cards, and every member (an
 * account someone signs in to) who has shared a public tip and has not asked to be left out. The demo
 * accounts nobody signs in to own the demo tips and show through their cards, joined by e-mail. A member's
 * kept figures are read after the page is cut (`accountId`), for its rows only. Each part holds at most
 * `upTo` rows, its first in the list's order.
 */
function everyGardener(db: Db, status: ListParams["status"], upTo: number) {
  const demoAccount = and(eq(users.signInDisabled, true), eq(users.email, sql`lower(${gardeners.email})`));
  const cards = db
    .select({
      id: sql<number | null>`${gardeners.id}`.as("id"),
      accountId: sql<string | null>`null::text`.as("account_id"),
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
      totalSharedTips: sql<number | null>`${totalSharedTips}`.as("total_shared_tips"),
      role: sql<Role>`coalesce(${users.role}, 'member')`.as("role"),
    })
    .from(gardeners)
    .leftJoin(users, demoAccount)
    .where(status ? eq(gardeners.status, status) : undefined)
    .orderBy(asc(gardeners.name), asc(gardeners.id))
    .limit(upTo);
  const members = db
    .select({
      id: sql<number | null>`null::int`.as("id"),
      accountId: sql<string | null>`${users.id}`.as("account_id"),
      handle: sql<string | null>`${users.handle}`.as("handle"),
      name: sql<string>`${users.name}`.as("name"),
      image: sql<string | null>`${users.image}`.as("image"),
      photo: photoOf(users.photoHash).as("photo"),
      status:
        sql<GardenerStatus>`(case when ${memberActive} then 'active' else 'inactive' end)::gardener_status`.as(
          "status",
        ),
      email: sql<string | null>`null::text`.as("email"),
      age: sql<number | null>`${users.age}`.as("age"),
      gender: sql<string | null>`${users.gender}`.as("gender"),
      experiences: sql<string | null>`${users.experiences}`.as("experiences"),
      location: sql<string | null>`${users.location}`.as("location"),
      certifications: sql<string[]>`${users.certifications}`.as("certifications"),
      gardenName: sql<string | null>`${users.gardenName}`.as("garden_name"),
      youtube: sql<string | null>`${users.youtube}`.as("youtube"),
      totalSharedTips: sql<number | null>`null::int`.as("total_shared_tips"),
      role: sql<Role>`${users.role}`.as("role"),
    })
    .from(users)
    .where(explorableMembers(status))
    // In the order of users_explorable_name_idx, so a page reads that many members and no more.
    .orderBy(asc(users.name), asc(users.handle))
    .limit(upTo);
  return cards.unionAll(members).as("everyone");
}

/** The members Explore Gardeners lists, as kept (ADR 069). */
const explorableTotal = sql`coalesce((select ${keptCounts.total} from ${keptCounts} where ${keptCounts.name} = 'explorable_members'), 0)`;

/**
 * The active ones among them, from the members kept per day of their newest public tip: every day after
 * the boundary's day, and of that day those past the boundary (a day's members, by index).
 */
const boundaryDay = sql`((${activeSince}) at time zone 'UTC')::date`;
const activeTotal = sql`(
  (select coalesce(sum(${explorableDays.members}), 0) from ${explorableDays} where ${explorableDays.day} > ${boundaryDay})
  + (select count(*) from ${users} where ${users.explorable} and ${users.lastSharedAt} > ${activeSince}
    and ${users.lastSharedAt} < (${boundaryDay} + 1)::timestamp at time zone 'UTC')
)`;

/**
 * How many gardeners Explore Gardeners lists: the cards counted (a few dozen rows) and the members as kept
 * (ADR 069), of both statuses or of one.
 */
function gardenersTotal(db: Db, status: ListParams["status"]) {
  const cards = sql`(select count(*) from ${gardeners}${status ? sql` where ${gardeners.status} = ${status}` : sql``})`;
  const members =
    status === undefined
      ? explorableTotal
      : status === "active"
        ? activeTotal
        : sql`(${explorableTotal} - ${activeTotal})`;
  return db
    .select({ total: sql<number>`(${cards} + ${members})::int`.mapWith(Number) })
    .from(sql`(select 1) as one`);
}

export async function listGardeners(
  db: Db,
  { status, limit, offset }: ListParams,
): Promise<{ rows: GardenerListRow[]; total: number }> {
  // Each part cut to the rows a page this deep could take from it, then merged in the list's order.
  const everyone = everyGardener(db, status, offset + limit);
  const order = [asc(everyone.name), sql`${everyone.id} nulls last`, asc(everyone.handle)];
  const page = db
    .select()
    .from(everyone)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as("page");
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: page.id,
        handle: page.handle,
        name: page.name,
        image: page.image,
        photo: page.photo,
        status: page.status,
        email: page.email,
        age: page.age,
        gender: page.gender,
        experiences: page.experiences,
        location: page.location,
        certifications: page.certifications,
        gardenName: page.gardenName,
        youtube: page.youtube,
        totalSharedTips: sql<number>`coalesce(${page.totalSharedTips}, ${memberTips(sql`${page.accountId}`)})`,
        role: page.role,
      })
      .from(page)
      .orderBy(asc(page.name), sql`${page.id} nulls last`, asc(page.handle)),
    gardenersTotal(db, status),
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
  const [totals] = await gardenersTotal(db, undefined);
  return totals?.total ?? 0;
}
