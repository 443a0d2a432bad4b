import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { photoHolds, photoUploads } from "../../db/schema.ts";
import type { PhotoHoldLookup } from "../../lib/photo-holds.ts";

/** How long the list of photos on hold is reused before it is read again. */
const FRESH_MS = 1000;

/**
 * The uploaded photos on hold (ADR 041), read at most once a second: every photo request asks, and
 * asking the database each time would add a round trip to the busiest route for a list that is nearly
 * always empty. A hold reaches every instance's photo answers within a second.
 */
export class HeldPhotos implements PhotoHoldLookup {
  private hashes: Promise<Set<string>> | null = null;
  private readAt = 0;

  constructor(private readonly db: Db) {}

  async has(hash: string): Promise<boolean> {
    if (!this.hashes || Date.now() - this.readAt > FRESH_MS) {
      this.readAt = Date.now();
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
