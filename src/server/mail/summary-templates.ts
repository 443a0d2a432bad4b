import { composeMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** What a summary lists, each item a tip (and a comment on it) the member's links open. */
export interface SummaryItems {
  replies: Array<{
    kind: string;
    tipId: string;
    commentId: string | null;
    title: string;
    actorName: string;
  }>;
  likes: Array<{ tipId: string; title: string; likes: number }>;
  newTips: Array<{ tipId: string; title: string; authorName: string }>;
  popular: Array<{ tipId: string; title: string; authorName: string; likes: number }>;
}

/** A comment, a reply or a mention in words. */
const replyWords = (kind: string, name: string, title: string) =>
  kind === "reply"
    ? `${name} replied to your comment on “${title}”`
    : kind === "mention"
      ? `${name} mentioned you on “${title}”`
      : `${name} commented on “${title}”`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "This week in your garden" (or "Today", for a daily one): what the member missed while away, in lists
 * that each link to the tip. It names its stream and the way out of it in one click (the caller adds the
 * List-Unsubscribe headers with the same link).
 */
export function summaryEmail({
  to,
  name,
  siteUrl,
  daily,
  items,
  unsubscribeUrl,
}: {
  to: string;
  name: string;
  siteUrl: string;
  daily: boolean;
  items: SummaryItems;
  unsubscribeUrl: string;
}): MailMessage {
  const tipUrl = (tipId: string, commentId?: string | null) =>
    `${siteUrl}/tips/${tipId}${commentId ? `#comment-${commentId}` : ""}`;
  const sections = [
    {
      heading: "Waiting for your answer",
      items: items.replies.map((r) => ({
        text: replyWords(r.kind, r.actorName, r.title),
        url: tipUrl(r.tipId, r.commentId),
      })),
    },
    {
      heading: "Liked",
      items: items.likes.map((l) => ({
        text: `“${l.title}”: ${plural(l.likes, "new like", "new likes")}`,
        url: tipUrl(l.tipId),
      })),
    },
    {
      heading: "New from gardeners you follow",
      items: items.newTips.map((t) => ({ text: `“${t.title}” by ${t.authorName}`, url: tipUrl(t.tipId) })),
    },
    {
      heading: daily ? "Most liked today" : "Most liked this week",
      items: items.popular.map((p) => ({
        text: `“${p.title}” by ${p.authorName} (${plural(p.likes, "like", "likes")})`,
        url: tipUrl(p.tipId),
      })),
    },
  ].filter((section) => section.items.length > 0);
  const subject = daily ? "Today in your garden" : "This week in your garden";
  return composeMail({
    to,
    name,
    url: `${siteUrl}/notifications`,
    subject,
    heading: subject,
    textIntro: [
      daily
        ? "Here is what happened today while you were away."
        : "Here is what happened this week while you were away.",
    ],
    htmlIntro: daily
      ? "Here is what happened today while you were away."
      : "Here is what happened this week while you were away.",
    sections,
    button: "Open your notifications",
    note: [
      "You get this because you had not visited the site since the last one. Choose how often, or which day, on your profile.",
    ],
    aside: { text: "To stop these summaries:", label: "Unsubscribe", url: unsubscribeUrl },
  });
}

/** The last summary to a member away six months: no more come until they visit again. */
export function summaryFarewellEmail({
  to,
  name,
  siteUrl,
}: {
  to: string;
  name: string;
  siteUrl: string;
}): MailMessage {
  return composeMail({
    to,
    name,
    url: siteUrl,
    subject: "We'll stop sending your garden summaries",
    heading: "We'll stop sending your garden summaries",
    textIntro: [
      "You have not visited Gardening Community for six months, so this is the last summary we send.",
      "Come back any time: they start again once you do.",
    ],
    htmlIntro:
      "You have not visited Gardening Community for six months, so this is the last summary we send. Come back any time: they start again once you do.",
    button: "Visit Gardening Community",
    note: ["Nothing else changes: your tips, bookmarks and followers stay as they are."],
  });
}
