import type { Db } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import { runEvery } from "../../lib/periodic.ts";
import { sendDueSowingReminders } from "./sowing-reminders.ts";

/**
 * Every minute on every server: sends the sowing reminders that are due (each claims its rows, so two
 * servers never send one twice; one comes back at most a minute late, never early). Answers a stop.
 */
export function startSowingReminders({ db, logger }: { db: Db; logger: Logger }): () => void {
  return runEvery({
    name: "The sowing reminders",
    everyMs: 60_000,
    logger,
    failureLevel: "warn",
    run: async () => {
      const sent = await sendDueSowingReminders(db, new Date());
      if (sent > 0) logger.info(`Sent ${sent} sowing reminder(s)`);
    },
  });
}
