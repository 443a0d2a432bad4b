import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { OVERDUE_REPORT_HOURS, type ReportTarget, type Role } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { accountImage, photoOf, recordColumns, type StoredPhoto } from "../../db/photo-columns.ts";
import {
  comments,
  keptCounts,
  moderationCases,
  photoHolds,
  photos,
  reports,
  tips,
  users,
} from "../../db/schema.ts";
import { isId } from "../../lib/requests/ids.ts";
import { commentShown } from "../../lib/rules/visibility.ts";

/** The item a case is about, as a moderator reads it: enough to judge it without leaving the queue. */
export interface ItemView {
  /** Gone since it was reported (deleted by its author). */
  gone: boolean;
  hidden: boolean;
  /** When its author changed it to ask for it back; null if they have not. */
  reviewAskedAt: Date | null;
  /** The tip's title, or the page's name; null for a comment or a photo. */
  title: string | null;
  /** The tip's description, the comment's text, the page's bio; null for a photo. */
  text: string | null;
  /** The tip's picture or the gardener's, as linked from elsewhere. */
  image: string | null;
  /** The tip's uploaded photo, the photo itself, the gardener's uploaded picture. */
  photo: StoredPhoto | null;
  /** Where the item is seen on the site (a path), null for a photo. */
  path: string | null;
}

const GONE: ItemView = {
  gone: true,
  hidden: false,
  reviewAskedAt: null,
  title: null,
  text: null,
  image: null,
  photo: null,
  path: null,
};

/** The key `itemsOf` answers an item under. */
export const itemKey = (type: ReportTarget, id: string) => `${type}:${id}`;

/**
 * The items the cases are about, as a moderator reads them, under `itemKey`: one query per kind of item,
 * however many cases (a queue or a member's notices read them all at once). An item not found is gone.
 */
export async function itemsOf(
  db: Pick<Db, "select" | "selectDistinctOn">,
  targets: ReadonlyArray<{ type: ReportTarget; id: string }>,
): Promise<Map<string, ItemView>> {
  const ids = (type: ReportTarget) => [...new Set(targets.filter((t) => t.type === type).map((t) => t.id))];
  const [tipIds, commentIds, accountIds, hashes] = [
    ids("tip"),
    ids("comment"),
    ids("gardener"),
    ids("photo"),
  ];
  const uuids = (list: string[]) => list.filter(isId);
  const [tipRows, commentRows, pageRows, uploadRows, heldRows] = await Promise.all([
    uuids(tipIds).length === 0
      ? []
      : db
          .select({
            id: tips.id,
            title: tips.title,
            description: tips.description,
            images: tips.images,
            photo: photoOf(tips.photoHash),
            shown: tips.shown,
            askedAt: tips.holdReviewAskedAt,
          })
          .from(tips)
          .where(inArray(tips.id, uuids(tipIds))),
    uuids(commentIds).length === 0
      ? []
      : db
          .select({
            id: comments.id,
            body: comments.body,
            tipId: comments.tipId,
            state: comments.state,
            hidden: sql<boolean>`not ${commentShown}`,
            askedAt: comments.holdReviewAskedAt,
          })
          .from(comments)
          .where(inArray(comments.id, uuids(commentIds))),
    accountIds.length === 0
      ? []
      : db
          .select({
            id: users.id,
            name: users.name,
            bio: users.bio,
            ...accountImage(),
            handle: users.handle,
            hidden: sql<boolean>`${users.pageHold} is not null or ${users.held}`,
            askedAt: users.pageHoldReviewAskedAt,
          })
          .from(users)
          .where(inArray(users.id, accountIds)),
    hashes.length === 0 ? [] : db.select(recordColumns).from(photos).where(inArray(photos.hash, hashes)),
    hashes.length === 0
      ? []
      : db.select({ hash: photoHolds.hash }).from(photoHolds).where(inArray(photoHolds.hash, hashes)),
  ]);
  const items = new Map<string, ItemView>();
  for (const target of targets) items.set(itemKey(target.type, target.id), GONE);
  for (const row of tipRows)
    items.set(itemKey("tip", row.id), {
      gone: false,
      hidden: row.shown === false,
      reviewAskedAt: row.askedAt,
      title: row.title,
      text: row.description,
      image: row.images,
      photo: row.photo,
      path: `/tips/${row.id}`,
    });
  for (const row of commentRows)
    if (row.state !== "deleted")
      items.set(itemKey("comment", row.id), {
        gone: false,
        hidden: row.hidden,
        reviewAskedAt: row.askedAt,
        title: null,
        text: row.body,
        image: null,
        photo: null,
        path: `/tips/${row.tipId}`,
      });
  for (const row of pageRows)
    items.set(itemKey("gardener", row.id), {
      gone: false,
      hidden: row.hidden,
      reviewAskedAt: row.askedAt,
      title: row.name,
      text: row.bio,
      image: row.image,
      photo: row.photo,
      path: `/gardeners/${row.handle}`,
    });
  const held = new Set(heldRows.map((row) => row.hash));
  for (const row of uploadRows)
    items.set(itemKey("photo", row.hash), {
      gone: false,
      hidden: held.has(row.hash),
      reviewAskedAt: null,
      title: null,
      text: null,
      image: null,
      photo: row,
      path: null,
    });
  return items;
}

/**
 * An open case waiting for a decision: an appeal, or a case with open reports (`waiting_since` is kept
 * with the reports, ADR 070).
 */
const waiting = and(eq(moderationCases.state, "open"), isNotNull(moderationCases.waitingSince));

/** The team's accounts: few among all, by users_team_idx. */
const teamIds = sql`(select ${users.id} from ${users} where ${users.role} <> 'member')`;

/**
 * The open cases waiting for `viewer` to decide. Nobody decides a case about themselves, and a case about
 * the team is for administrators (decisions.ts): such cases wait in another's queue.
 */
function waitingFor(viewer: { id: string; role: Role }) {
  return and(
    waiting,
    ne(moderationCases.authorId, viewer.id),
    viewer.role === "administrator" ? undefined : sql`${moderationCases.authorId} not in ${teamIds}`,
  );
}

/**
 * How many cases wait for `viewer` to decide them: the number the team's menus show. The waiting cases are
 * kept counted; those about the viewer (and, for a moderator, about the team) are few and counted.
 */
export async function countWaiting(db: Db, viewer: { id: string; role: Role }): Promise<number> {
  const notTheirs = or(
    eq(moderationCases.authorId, viewer.id),
    viewer.role === "administrator" ? undefined : sql`${moderationCases.authorId} in ${teamIds}`,
  );
  const [row] = await db
    .select({
      waiting: sql<number>`(coalesce((select ${keptCounts.total} from ${keptCounts} where ${keptCounts.name} = 'waiting_cases'), 0) - (select count(*) from ${moderationCases} where ${and(waiting, notTheirs)}))::int`,
    })
    .from(sql`(select 1) as one`);
  return row?.waiting ?? 0;
}

/**
 * The open cases, heaviest first (the weight of their open reports), the longest waiting first among
 * equals; each with its reports, the item, its author and the author's earlier decisions. An appeal
 * weighs what the reports of the decision it appeals weighed, and waits from when it was filed. Both are
 * kept on the case, in the order of moderation_cases_queue_idx.
 */
export async function readQueue(
  db: Db,
  { limit, viewer }: { limit: number; viewer: { id: string; role: Role } },
) {
  const weight = moderationCases.weight;
  const waitingSince = sql<Date>`${moderationCases.waitingSince}`.mapWith(
    (value: string | Date) => new Date(value),
  );
  const cases = await db
    .select({
      id: moderationCases.id,
      targetType: moderationCases.targetType,
      targetId: moderationCases.targetId,
      authorId: moderationCases.authorId,
      openedAt: moderationCases.openedAt,
      appealOf: moderationCases.appealOf,
      appealNote: moderationCases.appealNote,
      weight,
      waitingSince,
      overdue: sql<boolean>`${waitingSince} < now() - make_interval(hours => ${OVERDUE_REPORT_HOURS})`,
    })
    .from(moderationCases)
    .where(waitingFor(viewer))
    .orderBy(desc(weight), waitingSince, moderationCases.id)
    .limit(limit);
  if (cases.length === 0) return [];
  const ids = cases.map((row) => row.id);
  const authorIds = [...new Set(cases.map((row) => row.authorId))];
  const appealed = cases.flatMap((row) => (row.appealOf ? [row.appealOf] : []));
  const reportCases = [...ids, ...appealed];
  const [caseReports, authors, history, decisions] = await Promise.all([
    db
      .select({
        caseId: reports.caseId,
        state: reports.state,
        reason: reports.reason,
        note: reports.note,
        weight: reports.weight,
        createdAt: reports.createdAt,
        reporterId: reports.reporterId,
        reporterHandle: users.handle,
        reporterName: users.name,
        reporterJoinedAt: users.createdAt,
        reporterAddress: reports.reporterAddress,
        signupAddress: users.signupAddress,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(inArray(reports.caseId, reportCases))
      .orderBy(reports.createdAt),
    db
      .select({
        id: users.id,
        handle: users.handle,
        name: users.name,
        held: users.held,
        suspendedUntil: users.suspendedUntil,
      })
      .from(users)
      .where(inArray(users.id, authorIds)),
    db
      .select({
        authorId: moderationCases.authorId,
        targetType: moderationCases.targetType,
        decision: moderationCases.decision,
        reason: moderationCases.decisionReason,
        decidedAt: moderationCases.decidedAt,
      })
      .from(moderationCases)
      .where(
        and(
          inArray(moderationCases.authorId, authorIds),
          isNotNull(moderationCases.decidedAt),
          ne(moderationCases.state, "open"),
          // A decision an administrator undid is no part of the author's record.
          isNull(moderationCases.undoneAt),
        ),
      )
      .orderBy(desc(moderationCases.decidedAt))
      .limit(20 * authorIds.length),
    appealed.length > 0
      ? db.select().from(moderationCases).where(inArray(moderationCases.id, appealed))
      : Promise.resolve([]),
  ]);
  // Each reporter's record: how many of their decided reports were upheld (removed) or dismissed (kept).
  const reporterIds = [...new Set(caseReports.map((report) => report.reporterId))];
  const records = reporterIds.length
    ? await db
        .select({
          reporterId: reports.reporterId,
          upheld: sql<number>`(count(*) filter (where ${reports.outcome} = 'removed'))::int`,
          dismissed: sql<number>`(count(*) filter (where ${reports.outcome} = 'kept'))::int`,
        })
        .from(reports)
        .where(and(inArray(reports.reporterId, reporterIds), eq(reports.state, "closed")))
        .groupBy(reports.reporterId)
    : [];
  const items = await itemsOf(
    db,
    cases.map((row) => ({ type: row.targetType, id: row.targetId })),
  );
  return cases.map((row) => {
    // An appeal's reports are those of the decision it appeals; a report case's, its open ones.
    const own = caseReports.filter((report) =>
      row.appealOf ? report.caseId === row.appealOf : report.caseId === row.id && report.state === "open",
    );
    return {
      ...row,
      item: items.get(itemKey(row.targetType, row.targetId)) ?? GONE,
      author: authors.find((author) => author.id === row.authorId) ?? null,
      reports: own.map((report) => ({
        ...report,
        record: records.find((r) => r.reporterId === report.reporterId) ?? { upheld: 0, dismissed: 0 },
        // Another reporter of this case sent theirs from the same address, or made their account there.
        sharesAddress: own.some(
          (other) =>
            other.reporterId !== report.reporterId &&
            ((report.reporterAddress !== null && other.reporterAddress === report.reporterAddress) ||
              (report.signupAddress !== null && other.signupAddress === report.signupAddress)),
        ),
      })),
      appeal: (() => {
        const decided = decisions.find((c) => c.id === row.appealOf);
        return decided ? { note: row.appealNote ?? "", decided } : null;
      })(),
      history: history.filter((entry) => entry.authorId === row.authorId).slice(0, 20),
    };
  });
}

export type QueueRow = Awaited<ReturnType<typeof readQueue>>[number];
