import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { ReportReason, ReportTarget, Role } from "#shared/constants.ts";
import { asHandle } from "#shared/handles.ts";
import type { Db } from "../../db/client.ts";
import { comments, photoHolds, reports, tips, users } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { isId } from "../../lib/requests/ids.ts";
import { commentShown, isPageShown, mayViewTip, tipListed } from "../../lib/rules/visibility.ts";
import { waitInWords } from "../../lib/security/rate-limit.ts";
import { photoOwner } from "./held-photos.ts";
import { lockAuthor, openCase, weighReports } from "./holds.ts";
import { type ItemView, itemKey, itemsOf } from "./queue.ts";

/** Reports one member may make in any 24 hours. */
export const REPORTS_PER_DAY = 10;
/** Reports one address may send in any 24 hours, whoever is signed in there. */
export const REPORTS_PER_ADDRESS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60_000;
/** Whose report counts (ADR 049): a member older than this, with this much shared. */
const ESTABLISHED = { ageDays: 30, publicTips: 5, comments: 20 } as const;
/**
 * A reporter whose recent reports were mostly dismissed counts for nothing until one of theirs is upheld:
 * at least `dismissed` of their last `of` decided reports.
 */
const POOR_RECORD = { dismissed: 3, of: 5 } as const;

const PHOTO_HASH = /^[0-9a-f]{32}$/;

/** The item a report names, as stored: its id in `reports.target_id` and whose it is. */
interface Target {
  storedId: string;
  authorId: string;
}

/** Too many reports in 24 hours: 429, and the route says in Retry-After when the next can go. */
export class TooManyReports extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

const NOT_FOUND: Record<ReportTarget, string> = {
  tip: "Tip not found",
  comment: "Comment not found",
  gardener: "No gardener has this handle",
  photo: "No uploaded photo has this address",
};

/**
 * The item `id` names, as the reporter may see it: a tip or comment they can read, a gardener by handle,
 * an uploaded photo by its URL or hash. Null when there is none (or they may not see it).
 */
async function findTarget(
  db: Db,
  type: ReportTarget,
  id: string,
  reporterId: string,
): Promise<Target | null> {
  switch (type) {
    case "tip": {
      if (!isId(id)) return null;
      const [row] = await db
        .select({ id: tips.id, authorId: tips.authorId, availability: tips.availability, shown: tips.shown })
        .from(tips)
        .where(eq(tips.id, id))
        .limit(1);
      // What is already hidden is out of sight: there is nothing more to report.
      if (!row || !mayViewTip(row, reporterId)) return null;
      return { storedId: row.id, authorId: row.authorId };
    }
    case "comment": {
      if (!isId(id)) return null;
      const [row] = await db
        .select({
          id: comments.id,
          authorId: comments.authorId,
          state: comments.state,
          shown: sql<boolean>`${commentShown}`,
          availability: tips.availability,
          tipShown: tips.shown,
          tipAuthorId: tips.authorId,
        })
        .from(comments)
        .innerJoin(tips, eq(tips.id, comments.tipId))
        .where(eq(comments.id, id))
        .limit(1);
      const seen =
        row &&
        row.state === "visible" &&
        row.shown &&
        mayViewTip(
          { availability: row.availability, shown: row.tipShown, authorId: row.tipAuthorId },
          reporterId,
        );
      return seen ? { storedId: row.id, authorId: row.authorId } : null;
    }
    case "gardener": {
      const handle = asHandle(id);
      if (!handle) return null;
      const [row] = await db
        .select({ id: users.id, held: users.held, pageHold: users.pageHold })
        .from(users)
        .where(eq(users.handle, handle))
        .limit(1);
      if (!row || (!isPageShown(row) && row.id !== reporterId)) return null;
      return { storedId: row.id, authorId: row.id };
    }
    case "photo": {
      if (!PHOTO_HASH.test(id)) return null;
      const hash = id;
      const ownerId = await photoOwner(db, hash);
      if (!ownerId) return null;
      const [held] = await db
        .select({ hash: photoHolds.hash })
        .from(photoHolds)
        .where(eq(photoHolds.hash, hash));
      return held && ownerId !== reporterId ? null : { storedId: hash, authorId: ownerId };
    }
  }
}

/**
 * What a report counts towards hiding an item or holding its author (ADR 049): 2 from a moderator, or
 * from an established member (older than 30 days, with 5 public tips or 20 comments) whose record is
 * fair; 0 from anyone else. Free accounts cost nothing to make, so their reports reach the queue and
 * hide nothing; a member whose last reports were mostly dismissed counts again once one is upheld.
 */
async function weightOf(db: Pick<Db, "select">, reporterId: string, role: Role): Promise<0 | 2> {
  if (role !== "member") return 2;
  const [row] = await db
    .select({
      old: sql<boolean>`${users.createdAt} < now() - make_interval(days => ${ESTABLISHED.ageDays})`,
      tips: sql<number>`(select count(*)::int from (select 1 from ${tips} where ${tips.authorId} = ${reporterId} and ${tipListed()} limit ${ESTABLISHED.publicTips}) t)`,
      comments: sql<number>`(select count(*)::int from (select 1 from ${comments} where ${comments.authorId} = ${reporterId} and ${comments.state} = 'visible' limit ${ESTABLISHED.comments}) c)`,
    })
    .from(users)
    .where(eq(users.id, reporterId));
  if (!row?.old || (row.tips < ESTABLISHED.publicTips && row.comments < ESTABLISHED.comments)) return 0;
  const record = await db
    .select({ outcome: reports.outcome })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.state, "closed")))
    .orderBy(desc(reports.decidedAt), desc(reports.id))
    .limit(POOR_RECORD.of);
  const dismissed = record.filter((report) => report.outcome === "kept").length;
  return dismissed >= POOR_RECORD.dismissed && record[0]?.outcome !== "removed" ? 0 : 2;
}

const reportColumns = {
  id: reports.id,
  targetType: reports.targetType,
  /** A gardener is named by their handle as it is now; anything else by its stored id. */
  targetId: sql<string>`case when ${reports.targetType} = 'gardener' then coalesce((select ${users.handle} from ${users} where ${users.id} = ${reports.targetId}), ${reports.targetId}) else ${reports.targetId} end`,
  reason: reports.reason,
  note: reports.note,
  weight: reports.weight,
  state: reports.state,
  outcome: reports.outcome,
  decidedAt: reports.decidedAt,
  createdAt: reports.createdAt,
  itemLabel: reports.itemLabel,
  /** Its target as stored, to read the item as it is now. */
  storedId: reports.targetId,
};

/** A comment's first words, on one line: at most 80 characters. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/** What a reporter sees of an item, to name it later: a tip's title, a comment's first words, a page's name. */
function labelOf(type: ReportTarget, item: ItemView): string | null {
  if (item.gone) return null;
  if (type === "comment") return item.text === null ? null : excerpt(item.text);
  return item.title;
}

const selectReports = (db: Pick<Db, "select">) => db.select(reportColumns).from(reports);
/** A report as its reporter reads it, with where its item is on the site while they can see it. */
export type ReportView = Awaited<ReturnType<typeof selectReports>>[number] & { path: string | null };

/** Where each report's item is on the site while its reporter can see it (hidden, removed or gone: none). */
async function withPaths(db: Db, rows: ReadonlyArray<Omit<ReportView, "path">>): Promise<ReportView[]> {
  const items = await itemsOf(
    db,
    rows.map((row) => ({ type: row.targetType, id: row.storedId })),
  );
  return rows.map((row) => {
    const item = items.get(itemKey(row.targetType, row.storedId));
    return { ...row, path: item && !item.gone && !item.hidden ? item.path : null };
  });
}

export const VERIFY_FIRST = "Verify your e-mail address before you report: use the link we sent you";

/**
 * Files a report by `reporterId`, whose e-mail must be verified (422 before), or answers their open report
 * on the same item (`created: false`). At most REPORTS_PER_DAY in any 24 hours; the reporter's reports are
 * decided one at a time (a lock per reporter), so two at once cannot both pass the count or both be the
 * first.
 */
export async function fileReport(
  db: Db,
  input: {
    reporterId: string;
    reporterVerified: boolean;
    /** The reporter's role: a moderator's report hides the item at once. */
    reporterRole: Role;
    /** Where the report was sent from (`addressTag`): reports from one address count once. */
    reporterAddress: string;
    targetType: ReportTarget;
    targetId: string;
    reason: ReportReason;
    note: string;
  },
) {
  if (!input.reporterVerified) throw new HttpError(422, VERIFY_FIRST);
  const target = await findTarget(db, input.targetType, input.targetId, input.reporterId);
  if (!target) throw new HttpError(404, NOT_FOUND[input.targetType]);
  if (target.authorId === input.reporterId)
    throw new HttpError(
      422,
      `This ${input.targetType === "gardener" ? "page" : input.targetType} is your own: there is nothing to report`,
    );
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${input.reporterId}`}))`);
    // And the reports on one author's items one at a time, so two at once are weighed together (holds.ts).
    await lockAuthor(tx, target.authorId);
    const mine = eq(reports.reporterId, input.reporterId);
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          mine,
          eq(reports.targetType, input.targetType),
          eq(reports.targetId, target.storedId),
          eq(reports.state, "open"),
        ),
      )
      .limit(1);
    if (open) return { id: open.id, created: false };
    const seen = (await itemsOf(tx, [{ type: input.targetType, id: target.storedId }])).get(
      itemKey(input.targetType, target.storedId),
    );
    await checkDailyReports(tx, mine, REPORTS_PER_DAY, "You can send");
    // And per address, whoever signs in there: a hundred free accounts at one address get 20 in all.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`report-address:${input.reporterAddress}`}))`,
    );
    await checkDailyReports(
      tx,
      eq(reports.reporterAddress, input.reporterAddress),
      REPORTS_PER_ADDRESS_PER_DAY,
      "Your address can send",
      ", whoever sends them",
    );
    const [row] = await tx
      .insert(reports)
      .values({
        targetType: input.targetType,
        targetId: target.storedId,
        authorId: target.authorId,
        reporterId: input.reporterId,
        reason: input.reason,
        note: input.note,
        weight: await weightOf(tx, input.reporterId, input.reporterRole),
        reporterAddress: input.reporterAddress,
        caseId: await openCase(tx, { type: input.targetType, ...target }),
        itemLabel: seen ? labelOf(input.targetType, seen) : null,
      })
      .returning({ id: reports.id });
    if (!row) throw new Error("The report was not stored");
    await weighReports(
      tx,
      { type: input.targetType, ...target },
      { reason: input.reason, reporterRole: input.reporterRole },
    );
    return { id: row.id, created: true };
  });
  const [row] = await withPaths(db, await selectReports(db).where(eq(reports.id, id.id)));
  if (!row) throw new Error("The report vanished");
  return { report: row, created: id.created };
}

/**
 * Refuses (429, saying when the next can go) a report beyond `most` in the last 24 hours among the reports
 * `whose` selects: "<who> at most N reports a day<whoever>: the next one can go in …".
 */
async function checkDailyReports(
  tx: Pick<Db, "select">,
  whose: SQL | undefined,
  most: number,
  who: string,
  whoever = "",
): Promise<void> {
  const recent = await tx
    .select({ createdAt: reports.createdAt })
    .from(reports)
    .where(and(whose, gt(reports.createdAt, sql`now() - interval '24 hours'`)))
    .orderBy(asc(reports.createdAt))
    .limit(most);
  const oldest = recent[0];
  if (recent.length < most || !oldest) return;
  const wait = Math.max(1, Math.ceil((oldest.createdAt.getTime() + DAY_MS - Date.now()) / 1000));
  throw new TooManyReports(
    `${who} at most ${most} reports a day${whoever}: the next one can go in ${waitInWords(wait)}`,
    wait,
  );
}

/**
 * One page of the member's reports, newest first; `after` is the last report of the previous page, and
 * `nextCursor` is there when another page follows.
 */
export async function listMyReports(
  db: Db,
  reporterId: string,
  { limit, after }: { limit: number; after?: string },
): Promise<{ rows: ReportView[]; nextCursor?: string }> {
  const position = after
    ? sql`(${reports.createdAt}, ${reports.id}) < (select r.created_at, r.id from ${reports} r where r.id = ${after} and r.reporter_id = ${reporterId})`
    : undefined;
  const rows = await selectReports(db)
    .where(and(eq(reports.reporterId, reporterId), position))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit + 1);
  const page = await withPaths(db, rows.slice(0, limit));
  return { rows: page, nextCursor: rows.length > limit ? page.at(-1)?.id : undefined };
}
