import type { ExportFiles } from "#shared/schemas/account-data.ts";
import type { Tip } from "#shared/schemas/tip.ts";

// README.html in a member's data export: their tips with their photos, readable offline in any browser.
// It loads nothing from anywhere (no script, font or picture from the web), and every word in it is the
// member's own text escaped, so a tip cannot turn the page into something else.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const FILES: Array<[string, string]> = [
  ["profile.json", "your account (name, e-mail, handle, how you sign in) and your gardener page"],
  ["tips.json", "every tip you shared, whatever its visibility, with its like and comment counts"],
  ["comments.json", "the comments you wrote (others' comments under your tips are only counted)"],
  ["likes.json", "the tips you liked, and when"],
  ["follows.csv, followers.csv", "whom you follow and who follows you"],
  ["blocks.csv", "the members you blocked"],
  ["bookmarks.csv", "the tips you saved, with your notes and reminders"],
  ["sowing-reminders.csv", "the crops you asked to be reminded to sow, and when"],
  ["settings.json", "your notification, e-mail and garden settings"],
  ["mutes.csv", "the tips and comment threads you muted"],
  ["reports.json", "the reports you made and what the moderators decided"],
  ["notices.json", "the moderators' decisions about what you posted"],
  ["sessions.csv", "where you are signed in: when, from which address and browser"],
  [
    "photos/",
    "the photos you uploaded, as stored (their location and camera details were removed on upload)",
  ],
  ["schema.json", "the JSON Schema of the JSON files, the same shapes as the site's API"],
];

export function readmeStart(profile: ExportFiles["profile.json"], photos: number): string {
  const { account } = profile;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'">
<title>Your Gardening Community data: ${escapeHtml(account.name)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0 auto; padding: 1.5rem; max-width: 52rem; }
  h1 { color: #166534; }
  @media (prefers-color-scheme: dark) { h1 { color: #86efac; } }
  article { border: 1px solid #8884; border-radius: 0.75rem; padding: 1rem; margin: 1rem 0; }
  article img { max-width: 100%; height: auto; border-radius: 0.5rem; }
  .meta { opacity: 0.8; font-size: 0.9rem; }
  .description { white-space: pre-wrap; }
  dt { font-weight: bold; }
</style>
</head>
<body>
<h1>Your Gardening Community data</h1>
<p>${escapeHtml(account.name)} (@${escapeHtml(account.handle)}), ${escapeHtml(account.email)}. A member since ${escapeHtml(account.createdAt.slice(0, 10))}.</p>
<p>This folder holds a copy of everything you gave the site, made when you asked for it. Open the files below in any text editor or spreadsheet; this page shows your tips with their ${photos} photo${photos === 1 ? "" : "s"}.</p>
<dl>
${FILES.map(([file, what]) => `<dt>${escapeHtml(file)}</dt><dd>${escapeHtml(what)}</dd>`).join("\n")}
</dl>
<h2>Your tips</h2>
`;
}

/** One tip, with its photo from photos/ when it is one the member uploaded. */
export function readmeTip(tip: Tip, photoFile: string | undefined): string {
  const picture = photoFile
    ? `<img src="${escapeHtml(photoFile)}" alt="${escapeHtml(tip.title)}" loading="lazy">`
    : "";
  return `<article>
<h3>${escapeHtml(tip.title)}</h3>
<p class="meta">${escapeHtml(tip.plantType)} · ${escapeHtml(tip.category)} · ${escapeHtml(tip.difficulty)} · ${escapeHtml(tip.availability)} · shared ${escapeHtml(tip.createdAt.slice(0, 10))} · ${tip.totalLiked} like${tip.totalLiked === 1 ? "" : "s"}, ${tip.totalComments} comment${tip.totalComments === 1 ? "" : "s"}</p>
${picture}
<p class="description">${escapeHtml(tip.description)}</p>
</article>
`;
}

export function readmeEnd(): string {
  return "</body>\n</html>\n";
}
