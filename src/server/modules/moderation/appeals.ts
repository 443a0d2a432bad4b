import { and, eq } from "drizzle-orm";
import { APPEAL_DAYS } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { moderationCases, users } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import type { CaseRow } from "./case-row.ts";
import { appendLog } from "./log.ts";
import { appealableUntil, LINK_GONE, noticeByToken } from "./notices.ts";

/**
 * An author appeals a decision about what they posted: signed in, or with the token of the decision
 * e-mail's link, which must name this decision (a suspended author cannot sign in). `signedIn` is asked
 * only when there is no token.
 */
export async function appealDecision(
  db: Db,
  {
    caseId,
    note,
    token,
    signedIn,
  }: { caseId: string; note: string; token?: string; signedIn: () => Promise<{ id: string } | null> },
): Promise<CaseRow> {
  let authorId: string;
  if (token !== undefined) {
    const view = await noticeByToken(db, token);
    if (view.decided.id !== caseId) throw new HttpError(404, LINK_GONE);
    authorId = view.decided.authorId;
  } else {
    const user = await signedIn();
    if (!user)
      throw new HttpError(401, "Sign in, or use the link in the e-mail about the decision, to appeal");
    authorId = user.id;
  }
  return fileAppeal(db, { caseId, authorId, note });
}

/**
 * The author's appeal of a decision: a new open case on the same item, in the queue beside any reports of
 * it. Once per decision, within APPEAL_DAYS; a dismissal and an appeal's own decision are not appealed.
 */
async function fileAppeal(
  db: Db,
  input: { caseId: string; authorId: string; note: string },
): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const [decided] = await tx
      .select()
      .from(moderationCases)
      .where(and(eq(moderationCases.id, input.caseId), eq(moderationCases.authorId, input.authorId)));
    if (decided?.state !== "closed") throw new HttpError(404, "No such decision about something you posted");
    const until = appealableUntil(decided);
    if (!until)
      throw new HttpError(
        422,
        decided.appealOf
          ? "This decision is the answer to your appeal: it is final"
          : decided.undoneAt
            ? "An administrator undid this decision: there is nothing to appeal"
            : "This decision left your item up: there is nothing to appeal",
      );
    if (until.getTime() < Date.now())
      throw new HttpError(
        422,
        `Decisions may be appealed for ${APPEAL_DAYS} days: this one could be until ${until.toISOString().slice(0, 10)}`,
      );
    const [opened] = await tx
      .insert(moderationCases)
      .values({
        targetType: decided.targetType,
        targetId: decided.targetId,
        authorId: decided.authorId,
        appealOf: decided.id,
        appealNote: input.note,
      })
      .onConflictDoNothing()
      .returning();
    if (!opened) throw new HttpError(409, "You have appealed this decision already");
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, decided.authorId));
    const name = author?.name ?? "";
    await appendLog(tx, {
      actor: { id: decided.authorId, name },
      action: "appeal",
      target: { type: decided.targetType, id: decided.targetId },
      subject: { id: decided.authorId, name },
      reason: input.note,
      before: { decision: decided.decision },
      after: { appeal: opened.id },
    });
    return opened;
  });
}
