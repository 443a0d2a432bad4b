import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { moderationCases, moderationLog, reports, users } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { hasOpenCase } from "../../lib/rules/hold-state.ts";
import { type HeldTarget, heaviestReason, holdItem, lockAuthor, openCase } from "./holds.ts";
import { appendLog, type LogRow, logEntry, UNDOABLE_DECISIONS } from "./log.ts";
import { liftSuspension, releaseAccountHold, releaseItem } from "./releases.ts";

export const NO_LOG_ENTRY = "No such entry in the moderation log";

const isUndoable = (action: string): action is (typeof UNDOABLE_DECISIONS)[number] =>
  (UNDOABLE_DECISIONS as readonly string[]).includes(action);

/**
 * An administrator undoes a moderator's decision from its log entry, in one step (ADR 052), in one
 * transaction that holds the item's author's lock, as decisions do. A dismissal's reports go back into the
 * queue as a new case (the item hidden again if the dismissal showed it); any other decision's item shows
 * again (unless newer reports hold it), its suspension ends, and a hold it kept lifts. The undoing is
 * logged; nobody is e-mailed (the reporters were told the outcome once), and the decision can no longer be
 * appealed. A deletion cannot be undone, nor the answer to an appeal. Answers the log entry that records
 * the undoing; a refusal is 404 (no such entry), 403 (the administrator's own case) or 409 (the rest).
 */
export async function undoDecision(
  db: Db,
  input: { logId: number; administrator: { id: string; name: string }; reason: string },
): Promise<LogRow> {
  const logged = await db.transaction(async (tx) => {
    const [entry] = await tx.select().from(moderationLog).where(eq(moderationLog.id, input.logId));
    if (!entry) throw new HttpError(404, NO_LOG_ENTRY);
    if (entry.action === "delete" && entry.caseId)
      throw new HttpError(409, "A deletion cannot be undone: the item is gone for good");
    if (!entry.caseId || !isUndoable(entry.action))
      throw new HttpError(
        409,
        "Only a moderator's decision can be undone, and this entry records another action",
      );
    const [about] = await tx
      .select({ authorId: moderationCases.authorId })
      .from(moderationCases)
      .where(eq(moderationCases.id, entry.caseId));
    if (!about)
      throw new HttpError(409, "The case this decision was about is gone with its author's account");
    await lockAuthor(tx, about.authorId);
    const [found] = await tx.select().from(moderationCases).where(eq(moderationCases.id, entry.caseId));
    if (!found)
      throw new HttpError(409, "The case this decision was about is gone with its author's account");
    if (found.authorId === input.administrator.id)
      throw new HttpError(403, "This decision is about you: another administrator must undo it");
    if (found.undoneAt) throw new HttpError(409, "This decision was undone already");
    if (found.appealOf) throw new HttpError(409, "The answer to an appeal is final: it cannot be undone");
    const [later] = await tx
      .select({ id: moderationLog.id })
      .from(moderationLog)
      .where(and(eq(moderationLog.caseId, found.id), gt(moderationLog.id, entry.id)))
      .limit(1);
    if (later || found.state !== "closed" || found.decision !== entry.action)
      throw new HttpError(409, "A later decision replaced this one: undo that one instead");
    const [appeal] = await tx
      .select({ state: moderationCases.state, decision: moderationCases.decision })
      .from(moderationCases)
      .where(eq(moderationCases.appealOf, found.id))
      .orderBy(desc(moderationCases.openedAt))
      .limit(1);
    if (appeal?.state === "open")
      throw new HttpError(409, "The author's appeal of this decision waits in the queue: decide it there");
    if (appeal?.decision === "dismiss")
      throw new HttpError(409, "This decision was reversed on appeal already");

    const target: HeldTarget = { type: found.targetType, storedId: found.targetId, authorId: found.authorId };
    const newerReports = await hasOpenCase(tx, target.type, target.storedId, { appeals: false });
    if (entry.action === "dismiss" && newerReports)
      throw new HttpError(409, "Newer reports about this item wait in the queue: decide them there");
    await tx
      .update(moderationCases)
      .set({ undoneAt: new Date() })
      .where(and(eq(moderationCases.id, found.id), isNull(moderationCases.undoneAt)));
    const after: Record<string, unknown> = { undone: true };
    const administrator = { id: input.administrator.id, name: input.administrator.name };
    if (entry.action === "dismiss") {
      // The reports wait again, in a case of their own: the dismissal's notices keep their case.
      const caseId = await openCase(tx, target);
      const reopened = await tx
        .update(reports)
        .set({ caseId, state: "open", outcome: null, decidedAt: null })
        .where(eq(reports.caseId, found.id))
        .returning({ reason: reports.reason, weight: reports.weight });
      after.reopenedAs = caseId;
      const dismissed = entry.after as { hidden?: unknown } | null;
      if (dismissed?.hidden === false && (await holdItem(tx, target, heaviestReason(reopened))))
        after.hidden = true;
    } else {
      if (!newerReports) {
        await releaseItem(tx, target);
        after.hidden = false;
      }
      if (entry.action === "suspend") {
        await liftSuspension(tx, found);
        after.suspendedUntil = null;
      }
      if (entry.action === "keep_hold")
        await releaseAccountHold(tx, found.authorId, administrator, {
          endsKeptHold: true,
          reason: "An administrator undid the decision that kept the account on hold",
        });
    }
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, found.authorId));
    return appendLog(tx, {
      actor: administrator,
      action: "undo",
      target: { type: entry.targetType, id: entry.targetId },
      subject: { id: found.authorId, name: author?.name ?? entry.subjectName ?? "" },
      reason: input.reason,
      before: { decision: entry.action, logEntry: entry.id },
      after,
      caseId: found.id,
    });
  });
  return logEntry(db, logged);
}
