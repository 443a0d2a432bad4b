import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { photoHolds, photoUploads, tips, users } from "../../db/schema.ts";
import type { PublicCache } from "../../lib/cache/public-cache.ts";
import type { PhotoHoldLookup } from "../../lib/rules/photo-holds.ts";

/**
 * The uploaded photos on hold (ADR 041), kept in memory while the public cache's change feed listens: every
 * photo request asks, and asking the database each time would add a round trip to the busiest route for a
 * list that is nearly always empty. A change to `photo_holds`, committed by any instance, empties the keep
 * as it reaches this one (a request's own hold before it answers), so a hold is respected the moment it
 * is made. While the feed is not listening, each request asks the database.
 */
export class HeldPhotos implements PhotoHoldLookup {
  private hashes: Promise<Set<string>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly changes: Pick<PublicCache, "live" | "watch">,
  ) {
    changes.watch((table) => {
      if (table === null || table === "photo_holds") this.hashes = null;
    });
  }

  async has(hash: string): Promise<boolean> {
    if (!this.changes.live) {
      this.hashes = null;
      const [row] = await this.db
        .select({ hash: photoHolds.hash })
        .from(photoHolds)
        .where(eq(photoHolds.hash, hash))
        .limit(1);
      return row !== undefined;
    }
    if (!this.hashes) {
      const reading = this.db
        .select({ hash: photoHolds.hash })
        .from(photoHolds)
        .then((rows) => new Set(rows.map((row) => row.hash)));
      // A failed read is not kept: the next request reads again.
      reading.catch(() => {
        if (this.hashes === reading) this.hashes = null;
      });
      this.hashes = reading;
    }
    return (await this.hashes).has(hash);
  }

  /** Whether `userId` uploaded the photo: its uploader still sees a photo on hold. */
  async uploadedBy(hash: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ hash: photoUploads.hash })
      .from(photoUploads)
      .where(and(eq(photoUploads.hash, hash), eq(photoUploads.ownerId, userId)))
      .limit(1);
    return row !== undefined;
  }
}

/**
 * Whose the photo is, for a report about it: its first uploader; for a photo whose uploaders have all
 * left (kept because a tip or profile still shows it), the author of the first tip showing it, else the
 * account whose picture it is. Null when nothing has that photo.
 */
export async function photoOwner(db: Pick<Db, "execute">, hash: string): Promise<string | null> {
  const [row] = await rowsOf(
    db,
    z.object({ owner: z.string().nullable() }),
    sql`select coalesce(
      (select ${photoUploads.ownerId} from ${photoUploads} where ${photoUploads.hash} = ${hash}
        order by ${photoUploads.uploadedAt} limit 1),
      (select ${tips.authorId} from ${tips} where ${tips.photoHash} = ${hash} order by ${tips.createdAt} limit 1),
      (select ${users.id} from ${users} where ${users.photoHash} = ${hash} limit 1)
    ) as owner`,
  );
  return row?.owner ?? null;
}
