import type { MailMessage } from "./mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

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
  const subject = "Reset your Gardening Community password";
  const text = [
    `Hello ${name},`,
    "",
    "Someone asked to reset the password of your Gardening Community account.",
    "To choose a new password, open this link:",
    "",
    url,
    "",
    `The link works once and expires in ${expiresInMinutes} minutes.`,
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    "",
    "Happy gardening,",
    "Gardening Community",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f4f7f2;font-family:Arial,Helvetica,sans-serif;color:#1f2d24">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <tr><td>
      <h1 style="margin:0 0 16px;font-size:22px;color:#166534">Reset your password</h1>
      <p>Hello ${escapeHtml(name)},</p>
      <p>Someone asked to reset the password of your Gardening Community account. To choose a new password, use the button below.</p>
      <p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:#166534;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Choose a new password</a></p>
      <p style="font-size:14px">Or paste this link into your browser:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
      <p style="font-size:14px;color:#4b5b50">The link works once and expires in ${expiresInMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
      <p>Happy gardening,<br>Gardening Community</p>
    </td></tr>
  </table>
</body>
</html>`;
  return { to, subject, text, html, link: url };
}

export function verificationEmail({
  to,
  name,
  url,
  expiresInHours,
}: {
  to: string;
  name: string;
  url: string;
  expiresInHours: number;
}): MailMessage {
  const subject = "Confirm your e-mail for Gardening Community";
  const text = [
    `Hello ${name},`,
    "",
    "Welcome to Gardening Community! Please confirm that this is your e-mail address by opening this link:",
    "",
    url,
    "",
    `The link expires in ${expiresInHours} hours. Your account works in the meantime.`,
    "If you did not create an account, ignore this e-mail.",
    "",
    "Happy gardening,",
    "Gardening Community",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f4f7f2;font-family:Arial,Helvetica,sans-serif;color:#1f2d24">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <tr><td>
      <h1 style="margin:0 0 16px;font-size:22px;color:#166534">Confirm your e-mail</h1>
      <p>Hello ${escapeHtml(name)},</p>
      <p>Welcome to Gardening Community! Please confirm that this is your e-mail address.</p>
      <p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:#166534;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Confirm my e-mail</a></p>
      <p style="font-size:14px">Or paste this link into your browser:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
      <p style="font-size:14px;color:#4b5b50">The link expires in ${expiresInHours} hours. Your account works in the meantime. If you did not create an account, ignore this e-mail.</p>
      <p>Happy gardening,<br>Gardening Community</p>
    </td></tr>
  </table>
</body>
</html>`;
  return { to, subject, text, html, link: url };
}
