import type { Db } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import { runEvery } from "../../lib/periodic.ts";
import { sendDueReminders, sweepGoneBookmarks } from "./bookmarks.service.ts";

/**
 * Every minute on every server: sends the bookmarks' reminders that are due (each claims its rows, so two
 * servers never send one twice; one comes back at most a minute late, never early), and deletes the
 * bookmarks of tips deleted more than three days before (lists leave them out already). Answers a stop.
 */
export function startBookmarkSweep({ db, logger }: { db: Db; logger: Logger }): () => void {
  return runEvery({
    name: "The bookmark sweep",
    everyMs: 60_000,
    logger,
    failureLevel: "warn",
    run: async () => {
      const now = new Date();
      const reminded = await sendDueReminders(db, now);
      if (reminded > 0) logger.info(`Sent ${reminded} bookmark reminder(s)`);
      const removed = await sweepGoneBookmarks(db, now);
      if (removed > 0) logger.info(`Removed ${removed} bookmark(s) of tips deleted over three days ago`);
    },
  });
}
