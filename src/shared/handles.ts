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

/** A handle as a member types it: any case, kept in lower case; taken and reserved handles are refused. */
export const HandleSchema = z
  .string({ error: "Handle must be text" })
  .trim()
  .toLowerCase()
  .regex(HANDLE_PATTERN, "A handle is 2 to 25 characters: letters a-z, digits and underscores")
  .refine((handle) => !isReservedHandle(handle), "That handle is reserved; choose another");
