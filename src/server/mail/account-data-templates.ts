// What a member is told about their own data: a copy ready to download.
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
