import { z } from "zod";

/**
 * A gardener's handle names their page, /gardeners/{handle} (ADR 039): 2-25 of a-z, 0-9 and _, kept in
 * lower case so two handles that differ only in case are the same handle.
 */
export const HANDLE_PATTERN = /^[a-z0-9_]{2,25}$/;

/**
 * The handle `text` names (handles are kept in lower case), or null when it cannot be one: then it names
 * nobody, and is never sent to the database (a NUL byte is not even text there).
 */
export function asHandle(text: string): string | null {
  const handle = text.toLowerCase();
  return HANDLE_PATTERN.test(handle) ? handle : null;
}

/**
 * Words no member may take as a handle: the site's own paths and roles, which a page named after them
 * would pass itself off as. The database holds the same list (reserved_handles) so the handles it makes
 * at sign-up avoid them too; a test holds the two equal.
 */
export const RESERVED_HANDLES = [
  "about",
  "account",
  "admin",
  "administrator",
  "api",
  "assets",
  "auth",
  "browse_tips",
  "dashboard",
  "explore_gardeners",
  "gardener",
  "gardeners",
  "gardening_community",
  "help",
  "login",
  "logout",
  "me",
  "moderation",
  "moderator",
  "my_tips",
  "new",
  "null",
  "privacy",
  "profile",
  "register",
  "root",
  "settings",
  "share_garden_tip",
  "signin",
  "signup",
  "staff",
  "support",
  "system",
  "terms",
  "tips",
  "undefined",
  "uploads",
] as const;

const reserved: ReadonlySet<string> = new Set(RESERVED_HANDLES);

/** Whether `handle` (any case) is one no member may take. */
export const isReservedHandle = (handle: string) => reserved.has(handle.toLowerCase());

/**
 * Handles that pass themselves off as the team's (ADR 050). Each handle is first folded as a reader's eye
 * folds it: lower case, the digits and letters people swap for look-alikes (0 for o, 1 and l for i, 3 for
 * e, 4 for a, 5 for s, 7 for t, 8 for b) and "rn" for "m". The long stems are refused anywhere in it,
 * underscores ignored (`site_adm1n`, `mia_moderat0r`); the short ones only as a whole part between
 * underscores or other digits (`mod`, `team_2`), so that `modern_roots` and `beetroot` stay free, as do
 * the ordinary words that hold a long stem (badminton, ecosystem). The database makes handles with the
 * same rule (handle_impersonates_team in drizzle/0026): a test holds the two equal.
 */
const TEAM_STEMS = ["admin", "moderator", "official", "staff", "support", "system", "gardeningcommunity"];
const TEAM_WORDS = ["mod", "team", "root"];
const ORDINARY_WORDS = ["badminton", "ecosystem"];

const LOOK_ALIKES: Record<string, string> = {
  "|": "i",
  0: "o",
  1: "i",
  l: "i",
  3: "e",
  4: "a",
  5: "s",
  7: "t",
  8: "b",
};
/**
 * Text as a reader's eye folds it: lower case, with the digits and signs people swap for letters (0 for o,
 * 1, l and | for i, ...) and "rn" for "m". Handles and display names are both compared through it.
 */
export const foldLookAlikes = (text: string) =>
  text
    .toLowerCase()
    .replace(/[|01l34578]/g, (c) => LOOK_ALIKES[c] ?? c)
    .replaceAll("rn", "m");
const foldHandle = foldLookAlikes;
const stemsAnywhere = new RegExp(TEAM_STEMS.map(foldHandle).join("|"));
const ordinaryWords = new RegExp(ORDINARY_WORDS.map(foldHandle).join("|"), "g");
const wholeWords = new RegExp(`(^|[_0-9])(${TEAM_WORDS.map(foldHandle).join("|")})([_0-9]|$)`);

/** Whether `handle` passes itself off as the team's (see TEAM_STEMS). */
export function impersonatesTeam(handle: string): boolean {
  const folded = foldHandle(handle);
  return stemsAnywhere.test(folded.replaceAll("_", "").replace(ordinaryWords, "")) || wholeWords.test(folded);
}

export const TEAM_HANDLE_REFUSED =
  "A handle may not pass for the team's: it may not contain admin, moderator, official, staff, support, system or the site's name, nor be mod, team or root, even with look-alike letters. Choose another";

/** A handle as a member types it: any case, kept in lower case; taken and reserved handles are refused. */
export const HandleSchema = z
  .string({ error: "Handle must be text" })
  .trim()
  .toLowerCase()
  .regex(HANDLE_PATTERN, "A handle is 2 to 25 characters: letters a-z, digits and underscores")
  .refine((handle) => !isReservedHandle(handle), "That handle is reserved; choose another");
