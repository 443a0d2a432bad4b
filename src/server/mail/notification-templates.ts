import { composeMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** What a notification e-mail tells: who did what on which tip, and the comment's first words. */
export interface NotificationFacts {
  kind: "comment" | "reply" | "mention";
  actorName: string;
  tipTitle: string;
  excerpt: string;
  /** The comment on its tip's page. */
  url: string;
}

const SUBJECTS: Record<NotificationFacts["kind"], (facts: NotificationFacts) => string> = {
  comment: (f) => `${f.actorName} commented on “${f.tipTitle}”`,
  reply: (f) => `${f.actorName} replied to your comment on “${f.tipTitle}”`,
  mention: (f) => `${f.actorName} mentioned you on “${f.tipTitle}”`,
};

/**
 * To a member away from the site: a comment waits unread for them. It names the stream it belongs to and
 * how to leave it in one click (the List-Unsubscribe headers are added by the caller, with the same link).
 */
export function notificationEmail({
  to,
  name,
  facts,
  unsubscribeUrl,
  stream,
}: {
  to: string;
  name: string;
  facts: NotificationFacts;
  unsubscribeUrl: string;
  /** The stream in words: "replies to your tips and comments". */
  stream: string;
}): MailMessage {
  const said = SUBJECTS[facts.kind](facts);
  return composeMail({
    to,
    name,
    url: facts.url,
    subject: said,
    heading: said,
    textIntro: [`${said}:`, "", `“${facts.excerpt}”`, "", "Read it and answer:"],
    htmlIntro: `${said}: “${facts.excerpt}”`,
    button: "Read it on Gardening Community",
    note: [`You get this because it was still unread 10 minutes later, while you were away from the site.`],
    aside: {
      text: `To stop e-mails about ${stream}:`,
      label: "Unsubscribe",
      url: unsubscribeUrl,
    },
  });
}
