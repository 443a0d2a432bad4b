import { decisionWords } from "#shared/decision-words.ts";
import type { Notice } from "#shared/schemas/moderation.ts";

/*
 * The decision in words, apart from the appeal form: the banner on every page needs the words only, and
 * stays out of the form's code (react-hook-form, the schemas), which loads with Your reports.
 */

/** What the moderator decided, in one sentence to the author. */
export function decisionSentence(notice: Notice): string {
  const said = decisionWords(notice.item, notice.decision);
  return notice.decision.undoneAt ? `${said} An administrator has since undone this decision.` : said;
}
