import type { ModerationAction, ReportTarget } from "./constants.ts";

/** What the moderators decided, as the sentences below need it. */
export interface DecisionFacts {
  action: ModerationAction;
  /** The decision answers the author's appeal. */
  answersAppeal: boolean;
  /** A suspension's length in hours; null for indefinitely or another action. */
  durationHours: number | null;
}

/** "your tip “Tomato cages”", "your comment", "your gardener page", "your photo". */
function yourItem(item: { type: ReportTarget; title: string | null }): string {
  if (item.type === "tip") return item.title ? `your tip “${item.title}”` : "your tip";
  if (item.type === "comment") return "your comment";
  if (item.type === "gardener") return "your gardener page";
  return "your photo";
}

/** A suspension's length in words. */
const LENGTH: Record<number, string> = { 24: "a day", 72: "3 days", 168: "a week", 720: "30 days" };

/** What a moderator decided about the member's item, in one sentence to its author. */
export function decisionWords(
  item: { type: ReportTarget; title: string | null },
  decision: DecisionFacts,
): string {
  const what = yourItem(item);
  const { action, answersAppeal, durationHours } = decision;
  if (answersAppeal)
    return action === "dismiss"
      ? `A moderator read your appeal and reversed the decision about ${what}.`
      : `A moderator read your appeal about ${what} and kept the decision.`;
  switch (action) {
    case "hide":
      return `A moderator hid ${what}.`;
    case "delete":
      return `A moderator removed ${what}.`;
    case "warn":
      return `A moderator hid ${what}, with a warning.`;
    case "suspend":
      return `A moderator hid ${what} and suspended your account ${
        durationHours === null ? "indefinitely" : `for ${LENGTH[durationHours] ?? `${durationHours} hours`}`
      }.`;
    case "keep_hold":
      return `A moderator hid ${what} and kept your account on hold: nothing you posted shows to others, and you cannot post, until the hold is lifted.`;
    default:
      return `A moderator looked at reports about ${what} and left it up.`;
  }
}

/** "the tip “Tomato cages” you reported", "the photo you reported". */
function reportedItem(item: { type: ReportTarget; label: string | null }): string {
  const kind = item.type === "gardener" ? "gardener page" : item.type;
  return item.type === "photo" || !item.label
    ? `the ${kind} you reported`
    : `the ${kind} “${item.label}” you reported`;
}

/** What became of the member's report, in one sentence to the reporter. */
export function outcomeWords(
  item: { type: ReportTarget; label: string | null },
  decision: DecisionFacts,
): string {
  const what = reportedItem(item);
  if (decision.answersAppeal)
    return decision.action === "dismiss"
      ? `On its author's appeal, a moderator put back ${what}.`
      : `On its author's appeal, a moderator kept ${what} removed.`;
  return decision.action === "dismiss"
    ? `A moderator looked at ${what} and left it up.`
    : `A moderator removed ${what}. Thank you for reporting it.`;
}
