import type { Db } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import { runEvery } from "../../lib/periodic.ts";
import { sweepGoneBookmarks } from "./bookmarks.service.ts";

/**
 * Deletes, every hour on every server, the bookmarks of tips deleted more than three days before. Lists
 * leave them out already when their days are up; this only frees their rows. Answers a stop.
 */
export function startBookmarkSweep({ db, logger }: { db: Db; logger: Logger }): () => void {
  return runEvery({
    name: "The bookmark sweep",
    everyMs: 3_600_000,
    firstAfterMs: 60_000,
    logger,
    failureLevel: "warn",
    run: async () => {
      const removed = await sweepGoneBookmarks(db, new Date());
      if (removed > 0) logger.info(`Removed ${removed} bookmark(s) of tips deleted over three days ago`);
    },
  });
}
