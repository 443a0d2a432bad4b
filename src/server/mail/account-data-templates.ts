// What a member is told about their own data: a copy ready to download, their account's deletion.
import { composeMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** "2.4 MB": a size as a person reads it. */
function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export function exportReadyEmail({
  to,
  name,
  url,
  profileUrl,
  size,
  keptHours,
}: {
  to: string;
  name: string;
  url: string;
  profileUrl: string;
  size: number;
  keptHours: number;
}): MailMessage {
  return composeMail({
    to,
    name,
    url,
    subject: "Your Gardening Community data is ready to download",
    heading: "Your data is ready",
    textIntro: [
      `The copy of your data you asked for is ready: one zip file (${sizeInWords(size)}) with your profile, tips, comments, likes, follows, bookmarks, settings, reports and photos.`,
      "Download it, signed in to your account, from this link:",
    ],
    htmlIntro: `The copy of your data you asked for is ready: one zip file (${sizeInWords(size)}) with your profile, tips, comments, likes, follows, bookmarks, settings, reports and photos. Download it, signed in to your account, with the button below.`,
    button: "Download your data",
    note: [
      `The link works only for you, signed in, and for ${keptHours} hours; then the file is deleted. Open README.html in the zip to read your tips offline.`,
      "If you did not ask for this, change your password: someone signed in to your account asked for it.",
    ],
    aside: { label: "Your profile", text: "The download is also on your profile:", url: profileUrl },
  });
}

/** "Sunday 13 December 2026, 10:00 UTC": a moment as the e-mails name it. */
function momentInWords(at: Date): string {
  const day = at.toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return `${day}, ${at.toISOString().slice(11, 16)} UTC`;
}

interface DeletionMail {
  to: string;
  name: string;
  /** Where signing in keeps the account. */
  signInUrl: string;
  dueAt: Date;
  keep: "nothing" | "anonymous";
}

const whatGoes = (keep: DeletionMail["keep"]) =>
  keep === "nothing"
    ? "your tips, photos, comments and likes are removed with your account"
    : 'your tips and comments stay under "Former gardener", with nothing that names you';

/** What the two e-mails of the grace say: when it is asked for, and a day before its end. */
const GRACE_WORDS = {
  asked: {
    subject: "Your Gardening Community account will be deleted",
    heading: "Your account will be deleted",
    first: (when: string, goes: string) =>
      `You asked for your account to be deleted. It is hidden and signed out everywhere now, and it will be deleted on ${when}: ${goes}.`,
    next: "Changed your mind? Sign in before then and your account stays as it was",
    note: "If you did not ask for this, sign in now and change your password: someone signed in to your account asked for it.",
  },
  tomorrow: {
    subject: "Your Gardening Community account is deleted tomorrow",
    heading: "Your account is deleted tomorrow",
    first: (when: string, goes: string) =>
      `Your account will be deleted on ${when}, as you asked: ${goes}. This cannot be undone.`,
    next: "To keep it, sign in before then",
    note: "Nothing to do if you still want it deleted.",
  },
};

/** Sent when a member asks for their account to be deleted (`asked`), and a day before the end (`tomorrow`). */
export function deletionGraceEmail(
  stage: keyof typeof GRACE_WORDS,
  { to, name, signInUrl, dueAt, keep }: DeletionMail,
): MailMessage {
  const words = GRACE_WORDS[stage];
  const first = words.first(momentInWords(dueAt), whatGoes(keep));
  return composeMail({
    to,
    name,
    url: signInUrl,
    subject: words.subject,
    heading: words.heading,
    textIntro: [first, `${words.next}:`],
    htmlIntro: `${first} ${words.next}.`,
    button: "Sign in to keep my account",
    note: [words.note],
  });
}

/** Sent when the member signed in within the grace, which keeps the account. */
export function deletionCancelledEmail({
  to,
  name,
  signInUrl,
}: Omit<DeletionMail, "dueAt" | "keep">): MailMessage {
  return composeMail({
    to,
    name,
    url: signInUrl,
    subject: "Your Gardening Community account stays",
    heading: "Your account stays",
    textIntro: [
      "You signed in, so your account is not deleted: your page, tips and comments are shown again.",
      "Your profile:",
    ],
    htmlIntro: "You signed in, so your account is not deleted: your page, tips and comments are shown again.",
    button: "Open your profile",
    note: ["If this was not you, change your password: someone else signed in to your account."],
  });
}

/** Sent to the address the account had, once it is deleted; the last message the site sends there. */
export function deletionDoneEmail({
  to,
  name,
  homeUrl,
  keep,
}: {
  to: string;
  name: string;
  homeUrl: string;
  keep: DeletionMail["keep"];
}): MailMessage {
  return composeMail({
    to,
    name,
    url: homeUrl,
    subject: "Your Gardening Community account is deleted",
    heading: "Your account is deleted",
    textIntro: [
      `Your account is deleted, as you asked: ${whatGoes(keep)}. Your e-mail address, name, page, photos, follows, bookmarks and notifications are gone, and this is the last message we send to this address.`,
      "You are welcome back any time:",
    ],
    htmlIntro: `Your account is deleted, as you asked: ${whatGoes(keep)}. Your e-mail address, name, page, photos, follows, bookmarks and notifications are gone, and this is the last message we send to this address. You are welcome back any time.`,
    button: "Visit Gardening Community",
    note: [
      "Backups kept for the site's safety are deleted on their own schedule; a restore from one deletes your account again.",
    ],
  });
}
