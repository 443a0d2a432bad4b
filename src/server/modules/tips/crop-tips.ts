import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { PLACE_MATCHES, type PlaceMatch } from "#shared/schemas/crop-page.ts";
import type { Db } from "../../db/client.ts";
import { memberSettings, tips } from "../../db/schema.ts";
import { tipPublic } from "../../lib/rules/visibility.ts";
import { type TipRow, tipColumns } from "./tip-row.ts";

/** Frost dates this many days apart, or fewer, count as the same climate (a crop page's first tips). */
const NEAR_FROST_DAYS = 21;

/** Where the reader gardens, as a crop page ranks its tips by it. */
export interface ReaderPlace {
  hemisphere: "north" | "south";
  /** "MM-DD"; absent when the reader has not said. */
  lastFrost?: string | undefined;
  frostFree?: boolean | undefined;
}

/**
 * The day of the year of a "MM-DD" text, in a leap year so 29 February has one; both sides are read the
 * same way, so the distance between two dates is right in every year.
 */
const dayOfYear = (monthDay: SQL | AnyPgColumn | string) =>
  sql`extract(doy from to_date('2000-' || ${monthDay}, 'YYYY-MM-DD'))`;

/**
 * 0 when the author gardens in the reader's hemisphere with frost dates within NEAR_FROST_DAYS of theirs (or
 * both frost-free), 1 in the same hemisphere otherwise, 2 elsewhere or unknown. Authors' places are read
 * for the order only: no answer carries them.
 */
function rankOf(place: ReaderPlace | null): SQL {
  if (!place) return sql`2`;
  const sameHemisphere = sql`${memberSettings.hemisphere} = ${place.hemisphere}`;
  let near: SQL;
  if (place.frostFree) near = sql`${memberSettings.frostFree}`;
  else if (place.lastFrost) {
    const apart = sql`abs(${dayOfYear(memberSettings.lastFrost)} - ${dayOfYear(place.lastFrost)})`;
    near = sql`(not ${memberSettings.frostFree} and ${memberSettings.lastFrost} is not null and least(${apart}, 366 - ${apart}) <= ${NEAR_FROST_DAYS})`;
  } else near = sql`false`;
  return sql`(case when ${sameHemisphere} and ${near} then 0 when ${sameHemisphere} then 1 else 2 end)`;
}

/**
 * One page of the public tips naming `crop`, those from gardeners who garden like the reader first, then
 * the most liked, then the newest; each with how close its author gardens.
 */
export async function listCropTips(
  db: Db,
  crop: string,
  place: ReaderPlace | null,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: Array<{ tip: TipRow; match: PlaceMatch }>; total: number }> {
  const rank = rankOf(place);
  const where = and(tipPublic(), sql`${tips.crops} @> array[${crop}]::text[]`);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ tip: tipColumns, rank: sql<number>`${rank}::int` })
      .from(tips)
      .leftJoin(memberSettings, eq(memberSettings.userId, tips.authorId))
      .where(where)
      .orderBy(sql`${rank}`, desc(tips.totalLiked), desc(tips.createdAt), desc(tips.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(tips).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ tip: row.tip, match: PLACE_MATCHES[row.rank] ?? "elsewhere" })),
    total: counted?.total ?? 0,
  };
}
