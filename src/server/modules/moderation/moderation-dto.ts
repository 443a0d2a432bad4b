import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import type {
  Appeal,
  Decision,
  LogEntry,
  Notice,
  QueueItem,
  Report,
  TeamMember,
} from "#shared/schemas/moderation.ts";
import type { Images } from "../../lib/urls.ts";
import type { CaseRow } from "./case-row.ts";
import type { LogRow } from "./log.ts";
import { appealableUntil, type NoticeView } from "./notices.ts";
import type { QueueRow } from "./queue.ts";
import type { ReportView } from "./reports.ts";
import type { TeamRow } from "./team.ts";

// Every answer of the moderation routes, from the rows their services read: kept in one place so that a
// change to the API document's shapes is made here, not in each route.

export function toReport(row: ReportView): Report {
  return {
    _id: row.id,
    item: { label: row.itemLabel, path: row.path },
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    status: row.state,
    outcome: row.outcome,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function toTeamMember(row: TeamRow, images: Images): TeamMember {
  return {
    handle: row.handle,
    name: row.name,
    image: images.url(row.image, row.photo, DEFAULT_AVATAR_IMAGE),
    ...images.view(row.photo),
    role: row.role,
  };
}

export function toQueueItem(row: QueueRow, images: Images): QueueItem {
  const handle = row.author?.handle ?? "";
  const { photo, ...item } = row.item;
  return {
    _id: row.id,
    targetType: row.targetType,
    targetId: row.targetType === "gardener" ? handle : row.targetId,
    weight: row.weight,
    waitingSince: row.waitingSince.toISOString(),
    overdue: row.overdue,
    item: {
      ...item,
      reviewAskedAt: item.reviewAskedAt?.toISOString() ?? null,
      image: item.image || photo ? images.url(item.image, photo, "") : null,
    },
    author: {
      handle,
      name: row.author?.name ?? "",
      held: row.author?.held ?? false,
      suspendedUntil: row.author?.suspendedUntil ? suspensionEnd(row.author.suspendedUntil) : null,
    },
    reports: row.reports.map((report) => ({
      reason: report.reason,
      note: report.note,
      weight: report.weight,
      createdAt: report.createdAt.toISOString(),
      reporter: {
        handle: report.reporterHandle,
        name: report.reporterName,
        joinedAt: report.reporterJoinedAt.toISOString(),
        record: report.record,
        sharesAddress: report.sharesAddress,
      },
    })),
    appeal: row.appeal ? { note: row.appeal.note, decision: decisionOf(row.appeal.decided) } : null,
    history: row.history.flatMap((entry) =>
      entry.decision && entry.decidedAt
        ? [
            {
              targetType: entry.targetType,
              action: entry.decision,
              reason: entry.reason ?? "",
              decidedAt: entry.decidedAt.toISOString(),
            },
          ]
        : [],
    ),
  };
}

/** 'infinity' comes back as an invalid date: an indefinite suspension has no end to show. */
const suspensionEnd = (until: Date) => (Number.isNaN(until.getTime()) ? "indefinitely" : until.toISOString());

export function toDecision(row: CaseRow): Decision {
  return { caseId: row.id, ...decisionOf(row) };
}

function decisionOf(row: CaseRow): Omit<Decision, "caseId"> {
  return {
    action: row.decision ?? "dismiss",
    reason: row.decisionReason ?? "",
    durationHours: row.suspensionHours,
    moderator: row.decidedByName ?? "",
    decidedAt: row.decidedAt?.toISOString() ?? "",
  };
}

export function toNotice(view: NoticeView): Notice {
  const { decided, appeal } = view;
  const until = appealableUntil(decided);
  return {
    _id: view.id,
    createdAt: view.createdAt.toISOString(),
    seen: view.seenAt !== null,
    decision: {
      caseId: decided.id,
      action: decided.decision ?? "dismiss",
      reason: decided.decisionReason ?? "",
      durationHours: decided.suspensionHours,
      decidedAt: decided.decidedAt?.toISOString() ?? "",
      answersAppeal: decided.appealOf !== null,
      undoneAt: decided.undoneAt?.toISOString() ?? null,
    },
    item: {
      type: view.item.type,
      title: view.item.title,
      path: view.item.gone ? null : view.item.path,
      gone: view.item.gone,
      hidden: view.item.hidden,
    },
    suspendedUntil: view.suspendedUntil ? suspensionEnd(view.suspendedUntil) : null,
    appeal: {
      until: until?.toISOString() ?? null,
      filed: appeal
        ? {
            createdAt: appeal.openedAt.toISOString(),
            note: appeal.appealNote ?? "",
            status: appeal.state === "open" ? "open" : appeal.decision === "dismiss" ? "reversed" : "upheld",
          }
        : null,
    },
  };
}

export function toAppeal(row: CaseRow): Appeal {
  return {
    _id: row.id,
    caseId: row.appealOf ?? "",
    note: row.appealNote ?? "",
    createdAt: row.openedAt.toISOString(),
  };
}

export function toLogEntry(row: LogRow): LogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { handle: row.actorHandle, name: row.actorName },
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    member: row.subjectName === null ? null : { handle: row.subjectHandle, name: row.subjectName },
    reason: row.reason,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
    undoable: row.undoable,
  };
}
