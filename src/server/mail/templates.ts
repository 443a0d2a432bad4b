// The account's e-mails: a password reset and an address to confirm. A moderator's notices are in
// moderation-templates.ts; both share one layout (layout.ts).
import { composeMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

export function passwordResetEmail({
  to,
  name,
  url,
  expiresInMinutes,
}: {
  to: string;
  name: string;
  url: string;
  expiresInMinutes: number;
}): MailMessage {
  return composeMail({
    to,
    name,
    url,
    subject: "Reset your Gardening Community password",
    heading: "Reset your password",
    textIntro: [
      "Someone asked to reset the password of your Gardening Community account.",
      "To choose a new password, open this link:",
    ],
    htmlIntro:
      "Someone asked to reset the password of your Gardening Community account. To choose a new password, use the button below.",
    button: "Choose a new password",
    note: [
      `The link works once and expires in ${expiresInMinutes} minutes.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ],
  });
}

export function verificationEmail({
  to,
  name,
  url,
  notMeUrl,
  expiresInHours,
}: {
  to: string;
  name: string;
  url: string;
  /** Where someone whose address was used by another goes: a reset of that address. */
  notMeUrl: string;
  expiresInHours: number;
}): MailMessage {
  return composeMail({
    to,
    name,
    url,
    subject: "Confirm your e-mail for Gardening Community",
    heading: "Confirm your e-mail",
    textIntro: [
      "Welcome to Gardening Community! Please confirm that this is your e-mail address by opening this link:",
    ],
    htmlIntro: "Welcome to Gardening Community! Please confirm that this is your e-mail address.",
    button: "Confirm my e-mail",
    note: [
      `The link expires in ${expiresInHours} hours. Your account works in the meantime.`,
      "It confirms the address in a browser signed in to your account; anywhere else, sign in with your password first.",
    ],
    aside: {
      label: "This wasn't me",
      text: "If you did not create this account, someone else used your address. Choose a new password for it with this link: every session of the account ends, and the account is yours.",
      url: notMeUrl,
    },
  });
}
