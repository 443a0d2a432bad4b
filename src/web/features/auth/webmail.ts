/** After a reset request, a link to the person's web mail when their domain is a known one. */
const WEBMAIL: Array<{ domains: string[]; name: string; url: string }> = [
  { domains: ["gmail.com", "googlemail.com"], name: "Gmail", url: "https://mail.google.com/" },
  {
    domains: ["outlook.com", "hotmail.com", "live.com", "msn.com", "hotmail.co.uk", "outlook.fr"],
    name: "Outlook",
    url: "https://outlook.live.com/mail/",
  },
  {
    domains: ["yahoo.com", "ymail.com", "yahoo.co.uk", "yahoo.fr"],
    name: "Yahoo Mail",
    url: "https://mail.yahoo.com/",
  },
  { domains: ["icloud.com", "me.com", "mac.com"], name: "iCloud Mail", url: "https://www.icloud.com/mail" },
  { domains: ["proton.me", "protonmail.com", "pm.me"], name: "Proton Mail", url: "https://mail.proton.me/" },
  { domains: ["aol.com"], name: "AOL Mail", url: "https://mail.aol.com/" },
  { domains: ["gmx.com", "gmx.net", "gmx.de"], name: "GMX", url: "https://www.gmx.com/" },
  { domains: ["zoho.com"], name: "Zoho Mail", url: "https://mail.zoho.com/" },
  { domains: ["yandex.com", "yandex.ru"], name: "Yandex Mail", url: "https://mail.yandex.com/" },
];

export function webmailFor(email: string): { name: string; url: string } | null {
  const domain = email.split("@")[1]?.trim().toLowerCase();
  if (!domain) return null;
  const entry = WEBMAIL.find((w) => w.domains.includes(domain));
  return entry ? { name: entry.name, url: entry.url } : null;
}
