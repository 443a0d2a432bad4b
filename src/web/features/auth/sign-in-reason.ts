import { matchPath } from "react-router";
import { paths } from "#web/config/paths.ts";

/** Why the login page was opened instead of a page behind sign-in, in the visitor's words. */
const REASONS: Array<[pattern: string, reason: string]> = [
  [paths.tip.path, "Sign in to see this tip."],
  [paths.shareTip.path, "Sign in to share a tip."],
  [paths.myTips.path, "Sign in to see your tips."],
  [paths.updateTip.path, "Sign in to edit this tip."],
  [paths.profile.path, "Sign in to see your profile."],
  [`${paths.dashboard.root.path}/*`, "Sign in to open your dashboard."],
];

/** The sentence for a visitor sent here from `returnTo`; none when they came to sign in of their own. */
export function signInReason(returnTo: string): string | null {
  const pathname = returnTo.split(/[?#]/)[0] ?? "";
  // A verification link followed without the account's session continues on the profile (ADR 031).
  if (matchPath(paths.profile.path, pathname)) {
    const query = new URLSearchParams(returnTo.split("#")[0]?.split("?")[1] ?? "");
    if (query.has("verify")) return "Sign in with this account's password to confirm your e-mail.";
    if (query.has("error"))
      return "This verification link did not work. Sign in to send yourself a new one from your profile.";
  }
  for (const [pattern, reason] of REASONS) if (matchPath(pattern, pathname)) return reason;
  return null;
}
