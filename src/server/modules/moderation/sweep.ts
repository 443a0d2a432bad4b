import type { Db } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import { runEvery } from "../../lib/periodic.ts";
import { MailQueue } from "../../mail/mail-queue.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { holdLiftedEmail } from "../../mail/moderation-templates.ts";
import { deliverNotices, mailOverdue } from "./notices.ts";
import { endSuspensions, lapseHolds } from "./releases.ts";

/**
 * The moderation work no request starts, at start and then every minute, on every server (each step
 * claims its rows, so two servers never do one twice): ends the suspensions whose time has passed (an
 * account may sign in again at most a minute late, never early: the sign-in check reads the end itself),
 * lifts the holds by reports that no moderator confirmed in time (telling each member by e-mail),
 * e-mails the moderators about reports past their time, and sends the decision e-mails a request could
 * not. Answers a stop.
 */
export function startModerationSweep({
  db,
  logger,
  mailer,
  baseUrl,
  intervalMs = 60_000,
}: {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  baseUrl: string;
  intervalMs?: number;
}): () => void {
  // Through the outbox, so a mail server that is down delays the e-mail rather than losing it.
  const mail = new MailQueue(db, mailer, logger);
  return runEvery({
    name: "The moderation sweep",
    everyMs: intervalMs,
    logger,
    run: async () => {
      const ended = await endSuspensions(db);
      if (ended > 0) logger.info(`Ended ${ended} suspension(s) whose time had passed`);
      const lifted = await lapseHolds(db, (account) =>
        mail.enqueue(holdLiftedEmail({ to: account.email, name: account.name, baseUrl }), "hold lifted"),
      );
      if (lifted > 0) logger.info(`Lifted ${lifted} hold(s) no moderator confirmed in time`);
      const overdue = await mailOverdue({ db, mailer, baseUrl, logger });
      if (overdue > 0) logger.info(`Told the moderators of ${overdue} item(s) waiting too long`);
      await deliverNotices({ db, mailer, baseUrl, logger });
    },
  });
}
