// The e-mails of moderation: a decision to its author, its outcome to a reporter, an overdue report
// to the moderators, a lifted hold.
import { APPEAL_DAYS, type ModerationAction, OVERDUE_REPORT_HOURS } from "#shared/constants.ts";
import { composeMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** The facts of a moderation decision an e-mail tells (modules/moderation/notices.ts reads them). */
export interface NoticeFacts {
  decided: {
    decision: ModerationAction | null;
    decisionReason: string | null;
    appealOf: string | null;
    decidedAt: Date | null;
  };
  item: {
    type: "tip" | "comment" | "gardener" | "photo";
    title: string | null;
    path: string | null;
    /** To a reporter: what they saw of it when they reported it (a comment's first words). */
    label?: string | null;
  };
  suspendedUntil: Date | null;
}

/** "your tip “Tomato cages”", "your comment", "your gardener page", "your photo". */
function yourItem({ item }: Pick<NoticeFacts, "item">): string {
  switch (item.type) {
    case "tip":
      return item.title ? `your tip “${item.title}”` : "your tip";
    case "comment":
      return "your comment";
    case "gardener":
      return "your gardener page";
    case "photo":
      return "your photo";
  }
}

/** "the tip “Tomato cages”", "the comment “Buy my seeds…”", "the gardener page of Sam", "the photo". */
function theirItem({ item }: Pick<NoticeFacts, "item">): string {
  const label = item.label ?? item.title;
  if (!label) return yourItem({ item }).replace(/^your /, "the ");
  return item.type === "gardener" ? `the gardener page of ${label}` : `the ${item.type} “${label}”`;
}

const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** What the decision did, in one sentence to its author. */
function whatHappened(facts: NoticeFacts): string {
  const item = yourItem(facts);
  const { decision, appealOf } = facts.decided;
  if (appealOf)
    return decision === "dismiss"
      ? `A moderator read your appeal and reversed the decision about ${item}: it is shown again, and any suspension it brought is over.`
      : `A moderator read your appeal about ${item} and kept the decision.`;
  switch (decision) {
    case "hide":
      return `A moderator hid ${item}: nobody but you sees it.`;
    case "delete":
      return `A moderator removed ${item}.`;
    case "warn":
      return `A moderator hid ${item} and asks you to read the site's rules: this is a warning.`;
    case "suspend": {
      const until = facts.suspendedUntil;
      const end =
        until === null
          ? "has ended"
          : Number.isNaN(until.getTime())
            ? "lasts until the moderators lift it"
            : `lasts until ${utcMinute(until)}`;
      return `A moderator hid ${item} and suspended your account: you cannot sign in while the suspension lasts. It ${end}.`;
    }
    case "keep_hold":
      return `A moderator hid ${item} and kept your account on hold: nothing you posted shows to others, and you cannot post, until an appeal or an administrator lifts the hold.`;
    default:
      return `A moderator looked at reports about ${item} and left it up.`;
  }
}

/** To an item's author: what a moderator decided about it and why, and how to appeal when they may. */
export function decisionEmail({
  to,
  name,
  baseUrl,
  notice,
  token,
}: {
  to: string;
  name: string;
  baseUrl: string;
  notice: NoticeFacts;
  /** The appeal link's token; null when the decision may not be appealed. */
  token: string | null;
}): MailMessage {
  const { decided } = notice;
  const said = whatHappened(notice);
  const why = decided.decisionReason ? `The moderator's reason: “${decided.decisionReason}”` : "";
  const until = decided.decidedAt
    ? new Date(decided.decidedAt.getTime() + APPEAL_DAYS * 24 * 60 * 60_000).toISOString().slice(0, 10)
    : "";
  const appealable = token !== null;
  const url = appealable
    ? `${baseUrl}/appeal#${token}`
    : `${baseUrl}${notice.item.path && decided.decision !== "delete" ? notice.item.path : "/"}`;
  return composeMail({
    to,
    name,
    url,
    subject:
      decided.decision === "suspend" && !decided.appealOf
        ? "Your Gardening Community account is suspended"
        : "A moderator's decision about what you posted",
    heading: "A moderator's decision",
    textIntro: [
      said,
      ...(why ? [why] : []),
      appealable
        ? `If you think this is wrong, you may appeal once, until ${until}: open this link and tell the moderators why.`
        : "Open Gardening Community:",
    ],
    htmlIntro: [said, why].filter(Boolean).join(" "),
    button: appealable ? "Appeal this decision" : "Open Gardening Community",
    note: appealable
      ? [
          `You may appeal once, until ${until}.`,
          "The link works without signing in, so keep this e-mail to yourself.",
        ]
      : decided.appealOf
        ? ["This answers your appeal, and is final."]
        : ["Nothing is asked of you."],
  });
}

/** To a member who reported an item: what became of it. */
export function outcomeEmail({
  to,
  name,
  baseUrl,
  notice,
}: {
  to: string;
  name: string;
  baseUrl: string;
  notice: NoticeFacts;
}): MailMessage {
  const kept = notice.decided.decision === "dismiss";
  const said = kept
    ? `Thank you for reporting ${theirItem(notice)}. We reviewed it and left it up.`
    : `Thank you for reporting ${theirItem(notice)}. We removed it.`;
  return composeMail({
    to,
    name,
    url: `${baseUrl}/reports`,
    subject: kept ? "Your report: we reviewed it and left it up" : "Your report: we removed it",
    heading: "What became of your report",
    textIntro: [said, "Your reports and their outcomes:"],
    htmlIntro: said,
    button: "See your reports",
    note: ["Who reported an item is never shown to its author."],
  });
}

/** To a moderator: reports have waited longer than they should. */
export function overdueEmail({
  to,
  name,
  baseUrl,
  newly,
  waiting,
}: {
  to: string;
  name: string;
  baseUrl: string;
  /** Items that just went past the time. */
  newly: number;
  /** Items past the time in all. */
  waiting: number;
}): MailMessage {
  const items = (n: number) => (n === 1 ? "1 reported item" : `${n} reported items`);
  const said = `${items(newly)} just passed ${OVERDUE_REPORT_HOURS} hours without a decision; ${items(waiting)} wait longer than that in all.`;
  return composeMail({
    to,
    name,
    url: `${baseUrl}/moderation`,
    subject: `${items(waiting)} wait more than ${OVERDUE_REPORT_HOURS} hours for a moderator`,
    heading: "Reports are waiting",
    textIntro: [said, "The moderation queue:"],
    htmlIntro: said,
    button: "Open the moderation queue",
    note: ["The overdue items are marked in the queue."],
  });
}

/** To a member whose account was on hold by reports that no moderator confirmed in time. */
export function holdLiftedEmail({
  to,
  name,
  baseUrl,
}: {
  to: string;
  name: string;
  baseUrl: string;
}): MailMessage {
  const said =
    "Your account is no longer on hold: members reported something you posted, and no moderator confirmed the hold in time. You can share, comment and change your page again, and what you posted shows again unless a moderator hides it.";
  return composeMail({
    to,
    name,
    url: `${baseUrl}/profile`,
    subject: "Your account is no longer on hold",
    heading: "Your account is no longer on hold",
    textIntro: [said, "Your profile:"],
    htmlIntro: said,
    button: "Open your profile",
    note: ["A moderator may still decide about the items that were reported; you would be told."],
  });
}
