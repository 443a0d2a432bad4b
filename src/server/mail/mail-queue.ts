import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";
import { runEvery } from "../lib/periodic.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/** A delivery that claimed a message and neither sent it nor gave it back within this is taken over. */
const CLAIM_LAPSES_MS = 5 * 60_000;
/** The wait before the first retry; each failure doubles it, up to MAX_RETRY_WAIT_MS. */
const FIRST_RETRY_WAIT_MS = 30_000;
const MAX_RETRY_WAIT_MS = 60 * 60_000;
/** How many messages one delivery claims. */
const BATCH = 50;

/** The time before which a claim has lapsed, by the database's clock. */
const lapsedBefore = () => sql`now() - ${`${CLAIM_LAPSES_MS} milliseconds`}::interval`;

/** The wait after the `attempts`-th failed try: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryWaitMs(attempts: number): number {
  return Math.min(MAX_RETRY_WAIT_MS, FIRST_RETRY_WAIT_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * The account e-mails, through the `mail_outbox` table (ADR 045). `enqueue` writes a message and tries it
 * at once; whatever the mail server refused is tried again by `deliver`, which the mail sweep runs on
 * every instance. Each try claims its rows first (`for update skip locked`), so two instances never send
 * one message twice at once, and a claim left by an instance that died lapses after five minutes.
 */
/**
 * Keeps `message` in the outbox within `tx`, the transaction that decided to send it: it goes when the
 * transaction commits and the next delivery runs, and is lost with it if it rolls back.
 */
export async function keepMail(
  tx: Pick<Db, "insert">,
  message: MailMessage,
  { expiresAt, forgetOnceSent = false }: { expiresAt?: Date; forgetOnceSent?: boolean } = {},
): Promise<string | undefined> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...message, expiresAt: expiresAt ?? null, forgetOnceSent })
    .returning({ id: mailOutbox.id });
  return row?.id;
}

export class MailQueue {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly logger: Pick<Logger, "error" | "warn">,
  ) {}

  /**
   * Keeps `message` and tries to send it; a message whose link stops working at `expiresAt` is not sent
   * after that. With a local mailer (files in DATA_DIR/outbox) the try is awaited, as a file write is
   * quick; with SMTP the caller does not wait for the mail server.
   */
  async enqueue(message: MailMessage, what: string, { expiresAt }: { expiresAt?: Date } = {}): Promise<void> {
    const id = await keepMail(this.db, message, { expiresAt });
    const trying = this.deliver(id).catch((error) =>
      this.logger.error(`Sending the ${what} e-mail failed; it stays queued`, error),
    );
    if (this.mailer.local) await trying;
  }

  /**
   * Sends the messages that are due (or only `id`, when due), and answers how many went. Times are the
   * database's, so instances with clocks apart agree on what is due and whose claim has lapsed.
   */
  async deliver(id?: string): Promise<number> {
    await this.forgetExpired();
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          id ? eq(mailOutbox.id, id) : undefined,
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, sql`now()`)),
          or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, lapsedBefore())),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const batch = randomUUID();
    const claimed = await this.db
      .update(mailOutbox)
      .set({ claimedAt: sql`now()`, claimToken: batch })
      .where(inArray(mailOutbox.id, due))
      .returning({ id: mailOutbox.id });
    let sent = 0;
    for (const { id: claimedId } of claimed) {
      try {
        if (await this.sendOne(claimedId, batch)) sent += 1;
      } catch (error) {
        // The database failed while marking it: its claim lapses and another delivery takes it.
        this.logger.warn("A queued e-mail could not be marked; it is tried again later", error);
      }
    }
    return sent;
  }

  /**
   * Claims the message again just before sending it, only while the batch's claim is still this
   * delivery's (a slow mail server may have let it lapse, and another delivery may have taken the message
   * since), on a new token with a fresh time; then marks it sent, or due again, on that claim alone.
   * Answers whether it went and was marked sent on this claim.
   */
  private async sendOne(id: string, batch: string): Promise<boolean> {
    const token = randomUUID();
    const [message] = await this.db
      .update(mailOutbox)
      .set({ claimedAt: sql`clock_timestamp()`, claimToken: token })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, batch), isNull(mailOutbox.sentAt)))
      .returning();
    if (!message) return false;
    const mine = and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token));
    try {
      const { to, subject, text, html, link, headers } = message;
      await this.mailer.send({
        to,
        subject,
        text,
        html,
        link: link ?? undefined,
        headers: headers ?? undefined,
      });
    } catch (error) {
      const attempts = message.attempts + 1;
      const waitMs = retryWaitMs(attempts);
      await this.db
        .update(mailOutbox)
        .set({
          attempts,
          claimedAt: null,
          claimToken: null,
          nextAttemptAt: sql`now() + ${`${waitMs} milliseconds`}::interval`,
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(mine);
      this.logger.warn(
        `The mail server refused "${message.subject}" (try ${attempts}); tried again in ${waitMs / 1000} s`,
        error,
      );
      return false;
    }
    // Sent: what the message held (its link) is no longer kept; a message to be forgotten, nothing of it.
    const marked = message.forgetOnceSent
      ? await this.db.delete(mailOutbox).where(mine).returning({ id: mailOutbox.id })
      : await this.db
          .update(mailOutbox)
          .set({
            sentAt: sql`now()`,
            claimedAt: null,
            claimToken: null,
            text: "",
            html: "",
            link: null,
            headers: null,
            lastError: null,
          })
          .where(mine)
          .returning({ id: mailOutbox.id });
    if (marked.length > 0) return true;
    // The mail server took so long that the claim lapsed and another delivery took the message over.
    this.logger.warn(`"${message.subject}" was sent after its claim lapsed; it may arrive twice`);
    return false;
  }

  /** Messages whose link stopped working before they could be sent keep no link either. */
  private async forgetExpired(): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ text: "", html: "", link: null, headers: null })
      .where(
        and(isNull(mailOutbox.sentAt), lte(mailOutbox.expiresAt, sql`now()`), sql`${mailOutbox.text} <> ''`),
      );
  }

  /** How many messages wait to be sent (for /metrics): not the expired ones, which never will be. */
  async waiting(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, sql`now()`)),
        ),
      );
    return row?.count ?? 0;
  }
}

/**
 * Tries the queued e-mails every `everyMs` (30 s) on this instance, one run at a time; returns the
 * function that stops it.
 */
export function startMailSweep(queue: MailQueue, logger: Logger, { everyMs = 30_000 } = {}): () => void {
  return runEvery({
    name: "The mail sweep",
    everyMs,
    firstAfterMs: everyMs,
    logger,
    failureLevel: "warn",
    run: async () => {
      await queue.deliver();
    },
  });
}
