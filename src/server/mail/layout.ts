import type { MailMessage } from "./mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** What one e-mail says: its words, its one button (to `url`), and the note under the link. */
interface MailContent {
  to: string;
  name: string;
  url: string;
  subject: string;
  heading: string;
  /** The text version's words before the link (it has no button). */
  textIntro: string[];
  /** The HTML version's words before the button. */
  htmlIntro: string;
  button: string;
  note: string[];
  /** Lists after the intro, each under its heading: a line of words and a link per item. */
  sections?: Array<{ heading: string; items: Array<{ text: string; url: string }> }>;
  /** A second way out, under the note: its label, its words and its link (each on its own line in text). */
  aside?: { text: string; label: string; url: string };
}

/** Every e-mail of the site in one layout: plain text and HTML saying the same, one link. */
export function composeMail({
  to,
  name,
  url,
  subject,
  heading,
  textIntro,
  htmlIntro,
  button,
  note,
  aside,
  sections = [],
}: MailContent): MailMessage {
  const text = [
    `Hello ${name},`,
    "",
    ...textIntro,
    ...sections.flatMap((section) => [
      "",
      section.heading,
      ...section.items.flatMap((item) => [`- ${item.text}`, `  ${item.url}`]),
    ]),
    "",
    url,
    "",
    ...note,
    ...(aside ? ["", aside.label, aside.text, aside.url] : []),
    "",
    "Happy gardening,",
    "Gardening Community",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f4f7f2;font-family:Arial,Helvetica,sans-serif;color:#1f2d24">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <tr><td>
      <h1 style="margin:0 0 16px;font-size:22px;color:#166534">${escapeHtml(heading)}</h1>
      <p>Hello ${escapeHtml(name)},</p>
      <p>${escapeHtml(htmlIntro)}</p>${sections
        .map(
          (section) => `
      <h2 style="margin:24px 0 8px;font-size:17px;color:#166534">${escapeHtml(section.heading)}</h2>
      <ul style="margin:0;padding-left:20px">${section.items
        .map(
          (item) =>
            `<li style="margin:4px 0"><a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a></li>`,
        )
        .join("")}</ul>`,
        )
        .join("")}
      <p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:#166534;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(button)}</a></p>
      <p style="font-size:14px">Or paste this link into your browser:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
      <p style="font-size:14px;color:#4b5b50">${escapeHtml(note.join(" "))}</p>${
        aside
          ? `
      <p style="font-size:14px;color:#4b5b50">${escapeHtml(aside.text)} <a href="${escapeHtml(aside.url)}">${escapeHtml(aside.label)}</a></p>`
          : ""
      }
      <p>Happy gardening,<br>Gardening Community</p>
    </td></tr>
  </table>
</body>
</html>`;
  return { to, subject, text, html, link: url };
}
