import { and, eq, isNull, sql } from "drizzle-orm";
import type { ModerationAction, ReportReason, Role } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { comments, moderationCases, reports, sessions, tips, users } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { hasOpenCase } from "../../lib/rules/hold-state.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { deleteComment } from "../comments/index.ts";
import type { CaseRow } from "./case-row.ts";
import { type HeldTarget, heaviestReason, holdItem, lockAuthor, type Tx } from "./holds.ts";
import { appendLog } from "./log.ts";
import { deliverNotices, recordNotices } from "./notices.ts";
import { liftSuspension, releaseAccountHold, releaseItem, suspensionEndOf } from "./releases.ts";

export const NO_CASE = "No such item in the moderation queue";

/** Another moderator decided the case a moment before: 409, saying what they decided, and why. */
function decidedAlready(decided: CaseRow): HttpError {
  const hours = decided.suspensionHours ? ` for ${decided.suspensionHours} hours` : "";
  return new HttpError(
    409,
    `Another moderator has just decided this item: ${decided.decision ?? "dismiss"}${hours}, by ${decided.decidedByName ?? ""}, because “${decided.decisionReason ?? ""}”`,
  );
}

/** What the reporters are told a decision did: removed, or reviewed and left up. */
const OUTCOME: Record<ModerationAction, "removed" | "kept"> = {
  dismiss: "kept",
  hide: "removed",
  delete: "removed",
  warn: "removed",
  suspend: "removed",
  keep_hold: "removed",
};

async function appealedCase(tx: Tx, id: string): Promise<CaseRow | null> {
  const [row] = await tx.select().from(moderationCases).where(eq(moderationCases.id, id));
  return row ?? null;
}

/**
 * Removes the item for good: a tip with its comments and likes; a comment (kept as "[deleted]" while
 * replies hang from it); a gardener page's text (the account stays); a photo from every tip and profile
 * that shows it, its hold kept so the file is never served again (the photo sweep deletes files nothing
 * shows).
 */
async function deleteItem(tx: Tx, target: HeldTarget): Promise<void> {
  switch (target.type) {
    case "tip":
      await tx.delete(tips).where(eq(tips.id, target.storedId));
      return;
    case "comment": {
      const [row] = await tx
        .select({ threadId: comments.threadId })
        .from(comments)
        .where(eq(comments.id, target.storedId));
      // As its author's deletion: "[deleted]" while replies hang from it.
      if (row) await deleteComment(tx, { id: target.storedId, threadId: row.threadId });
      return;
    }
    case "gardener":
      await tx
        .update(users)
        .set({
          bio: null,
          location: null,
          experiences: null,
          certifications: [],
          gardenName: null,
          youtube: null,
          pageHold: null,
          pageHoldReviewAskedAt: null,
        })
        .where(eq(users.id, target.storedId));
      return;
    case "photo":
      await tx.update(tips).set({ photoHash: null }).where(eq(tips.photoHash, target.storedId));
      await tx.update(users).set({ photoHash: null }).where(eq(users.photoHash, target.storedId));
      return;
  }
}

export interface DecisionInput {
  caseId: string;
  moderator: { id: string; name: string; role: Role };
  action: ModerationAction;
  reason: string;
  /** For a suspension: one of SUSPENSION_HOURS, or null for indefinitely. */
  suspensionHours?: number | null;
}

/**
 * Decides an open case in one transaction: closes it (a conditional update, so of two moderators at once
 * the second gets 409 with the first decision), closes its reports with their outcome, does the action,
 * and records it in the moderation log with the state before and after.
 */
async function decide(db: Db, input: DecisionInput): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(moderationCases).where(eq(moderationCases.id, input.caseId));
    if (!found) throw new HttpError(404, NO_CASE);
    await lockAuthor(tx, found.authorId);
    await checkMayDecide(tx, found.authorId, input);
    const suspensionHours = input.action === "suspend" ? (input.suspensionHours ?? null) : null;
    const [decided] = await tx
      .update(moderationCases)
      .set({
        state: "closed",
        decidedAt: new Date(),
        decidedBy: input.moderator.id,
        decidedByName: input.moderator.name,
        decision: input.action,
        decisionReason: input.reason,
        suspensionHours,
      })
      .where(and(eq(moderationCases.id, input.caseId), eq(moderationCases.state, "open")))
      .returning();
    if (!decided) {
      const [current] = await tx.select().from(moderationCases).where(eq(moderationCases.id, input.caseId));
      throw decidedAlready(current ?? found);
    }
    const closed = await tx
      .update(reports)
      .set({ state: "closed", outcome: OUTCOME[input.action], decidedAt: decided.decidedAt })
      .where(and(eq(reports.caseId, decided.id), eq(reports.state, "open")))
      .returning({ reason: reports.reason, weight: reports.weight, reporterId: reports.reporterId });
    const target: HeldTarget = {
      type: decided.targetType,
      storedId: decided.targetId,
      authorId: decided.authorId,
    };
    // An appeal has no reports of its own: its item was hidden for the reasons of the decision appealed.
    const appealed = decided.appealOf ? await appealedCase(tx, decided.appealOf) : null;
    const reason: ReportReason = heaviestReason(
      appealed
        ? await tx
            .select({ reason: reports.reason, weight: reports.weight })
            .from(reports)
            .where(eq(reports.caseId, appealed.id))
        : closed,
    );
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, decided.authorId));
    const subject = { id: decided.authorId, name: author?.name ?? "" };
    const after: Record<string, unknown> = { decision: input.action };
    switch (input.action) {
      case "dismiss":
        // A deleted item cannot come back (its photo's hold stays, so the file is never served again);
        // and while newer reports of the item wait in its own case, those decide whether it shows.
        if (
          appealed?.decision !== "delete" &&
          !(appealed && (await hasOpenCase(tx, target.type, target.storedId, { appeals: false })))
        ) {
          await releaseItem(tx, target);
          after.hidden = false;
        }
        if (appealed?.decision === "suspend") {
          await liftSuspension(tx, appealed);
          after.suspendedUntil = null;
        }
        break;
      case "delete":
        await deleteItem(tx, target);
        after.deleted = true;
        break;
      case "hide":
      case "warn":
        await holdItem(tx, target, reason);
        after.hidden = true;
        break;
      case "keep_hold": {
        const [kept] = await tx
          .update(users)
          .set({ holdKeptAt: sql`now()` })
          .where(and(eq(users.id, decided.authorId), eq(users.held, true), isNull(users.suspendedUntil)))
          .returning({ id: users.id });
        if (!kept)
          throw new HttpError(
            422,
            "The author's account is not on hold (or is suspended): hide, warn or suspend instead",
          );
        await holdItem(tx, target, reason);
        after.hidden = true;
        after.holdKept = true;
        break;
      }
      case "suspend": {
        await holdItem(tx, target, reason);
        const until = suspensionEndOf(decided) ?? "infinity";
        await tx
          .update(users)
          .set({ held: true, suspendedUntil: sql`${until}::timestamptz` })
          .where(eq(users.id, decided.authorId));
        // Its sessions end now, on every server (their deletion notifies them, migration 0012).
        await tx.delete(sessions).where(eq(sessions.userId, decided.authorId));
        after.hidden = true;
        after.suspendedUntil = until;
        break;
      }
    }
    await appendLog(tx, {
      actor: input.moderator,
      action: input.action,
      target: { type: target.type, id: target.storedId },
      subject,
      reason: input.reason,
      before: appealed
        ? { appealOf: appealed.id, decision: appealed.decision, reason }
        : { reports: closed.length, reason },
      after,
      caseId: decided.id,
    });
    if (input.action !== "suspend" && input.action !== "keep_hold")
      await releaseAccountHold(
        tx,
        decided.authorId,
        { id: input.moderator.id, name: input.moderator.name },
        { endsKeptHold: appealed?.decision === "keep_hold" && input.action === "dismiss" },
      );
    await recordNotices(
      tx,
      decided,
      closed.map((report) => report.reporterId),
    );
    return decided;
  });
}

/**
 * Decides the case (see decide), then e-mails its author and its reporters once the answer has gone: the
 * moderator does not wait for the mail server, and the sweep sends what fails here.
 */
export async function decideAndTell(
  { db, mailer, logger, baseUrl }: { db: Db; mailer: Mailer; logger: Logger; baseUrl: string },
  input: DecisionInput,
): Promise<CaseRow> {
  const decided = await decide(db, input);
  setImmediate(() =>
    deliverNotices({ db, mailer, logger, baseUrl }).catch((error: unknown) =>
      logger.error("E-mailing a decision failed; the sweep tries again", error),
    ),
  );
  return decided;
}

/**
 * Nobody decides a case about themselves; a case about a moderator or an administrator is an
 * administrator's to decide; and an administrator is never suspended through the site (ADMIN_EMAILS
 * names them), though their items may be hidden (ADR 049). Each refusal is 403.
 */
async function checkMayDecide(tx: Tx, authorId: string, input: DecisionInput): Promise<void> {
  if (authorId === input.moderator.id)
    throw new HttpError(403, "This case is about you: another moderator must decide it");
  const [author] = await tx.select({ role: users.role }).from(users).where(eq(users.id, authorId));
  const aboutTeam = author !== undefined && author.role !== "member";
  if (aboutTeam && input.moderator.role !== "administrator")
    throw new HttpError(
      403,
      "This case is about a member of the moderation team: an administrator decides it",
    );
  if (author?.role === "administrator" && input.action === "suspend")
    throw new HttpError(
      403,
      "An administrator cannot be suspended through the site: hide or delete the item instead",
    );
}
