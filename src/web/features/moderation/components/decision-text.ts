import type { Notice } from "#shared/schemas/moderation.ts";

/*
 * The decision in words, apart from the appeal form: the banner on every page needs the words only, and
 * stays out of the form's code (react-hook-form, the schemas), which loads with Your reports.
 */

/** "your tip “Tomato cages”", "your comment", "your gardener page", "your photo". */
function yourItem(notice: Notice): string {
  const { type, title } = notice.item;
  if (type === "tip") return title ? `your tip “${title}”` : "your tip";
  if (type === "comment") return "your comment";
  if (type === "gardener") return "your gardener page";
  return "your photo";
}

/** A suspension's length in words. */
const LENGTH: Record<number, string> = { 24: "a day", 72: "3 days", 168: "a week", 720: "30 days" };

/** What the moderator decided, in one sentence to the author. */
export function decisionSentence(notice: Notice): string {
  const said = decidedSentence(notice);
  return notice.decision.undoneAt ? `${said} An administrator has since undone this decision.` : said;
}

function decidedSentence(notice: Notice): string {
  const item = yourItem(notice);
  const { action, answersAppeal, durationHours } = notice.decision;
  if (answersAppeal)
    return action === "dismiss"
      ? `A moderator read your appeal and reversed the decision about ${item}.`
      : `A moderator read your appeal about ${item} and kept the decision.`;
  switch (action) {
    case "hide":
      return `A moderator hid ${item}.`;
    case "delete":
      return `A moderator removed ${item}.`;
    case "warn":
      return `A moderator hid ${item}, with a warning.`;
    case "suspend":
      return `A moderator hid ${item} and suspended your account ${
        durationHours === null ? "indefinitely" : `for ${LENGTH[durationHours] ?? `${durationHours} hours`}`
      }.`;
    case "keep_hold":
      return `A moderator hid ${item} and kept your account on hold: nothing you posted shows to others, and you cannot post, until the hold is lifted.`;
    default:
      return `A moderator looked at reports about ${item} and left it up.`;
  }
}
