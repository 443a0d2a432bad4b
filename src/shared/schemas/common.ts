import { z } from "zod";
import { DEFAULT_PAGE_SIZE, LIMITS, MAX_PAGE_SIZE } from "../constants.ts";

/** The one error body of the API: a human message, plus the failing fields for validation errors. */
export const ApiErrorSchema = z
  .object({
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error" });
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Every list pages, since lists can grow to a million rows; the body stays a JSON array, the shape the
 * specification's API answers, and the total travels in X-Total-Count.
 */
export const PageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number({ error: "offset must be a whole number" })
    .int("offset must be a whole number")
    .min(0, "offset must be 0 or more")
    .default(0),
});

/** PostgreSQL text cannot hold NUL; other control characters (but tab and line breaks) are never wanted. */
const ALLOWED_CONTROLS = new Set(["\t", "\n", "\r"]);
export const hasControlCharacters = (text: string) =>
  Array.from(text).some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 || code === 0x7f) && !ALLOWED_CONTROLS.has(char);
  });
export const NO_CONTROL_CHARACTERS = "must not contain control characters";

/**
 * Characters that show nothing themselves but hide text or turn it around: bidirectional embeddings,
 * overrides and isolates (a right-to-left override makes "gpj.exe" read "exe.jpg"), zero-width spaces,
 * word joiners, invisible operators, the byte order mark, and line and paragraph separators (a line break
 * that a single-line field would not show). The zero-width joiner and non-joiner are not among them:
 * emoji sequences (👩‍🌾) and scripts such as Persian need them.
 */
const HIDDEN_FORMATTING = /[\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\uFEFF\u180E\u2028\u2029]/u;
export const hasHiddenFormatting = (text: string) => HIDDEN_FORMATTING.test(text);
export const NO_HIDDEN_FORMATTING = "must not contain invisible or text-direction characters";

/** Unicode's line and paragraph separators as the line breaks a multi-line text means by them. */
export const withPlainLineBreaks = (text: string) => text.replace(/\u2028/g, "\n").replace(/\u2029/g, "\n\n");

/**
 * Several lines a person writes (a comment, a moderator's reason, an appeal): Unicode's separators read as
 * line breaks, trimmed, held to the limits `length` sets, and refused with control characters or hidden
 * formatting, each refusal beginning with `name`. `notText` refuses a value that is not a string at all.
 */
export const writtenText = (notText: string, name: string, length: (text: z.ZodString) => z.ZodString) =>
  z
    .string({ error: notText })
    .transform(withPlainLineBreaks)
    .pipe(
      length(z.string().trim())
        .refine((value) => !hasControlCharacters(value), `${name} ${NO_CONTROL_CHARACTERS}`)
        .refine((value) => !hasHiddenFormatting(value), `${name} ${NO_HIDDEN_FORMATTING}`),
    );

/**
 * What no URL holds as typed (RFC 3986): white space, double quotes, angle brackets, backslash, caret,
 * backtick, braces and the bar; single quotes too, which RFC 3986 allows but real photo addresses never
 * need and which end a quoted attribute or CSS url(). A browser would quietly percent-encode the rest; we
 * refuse them, so what is stored is a link that works as written. Letters beyond ASCII stay allowed, as
 * browsers show them in addresses.
 */
const NOT_IN_URLS = /[\s"'<>\\^`{|}]/u;
/** A "%" that does not start a percent-encoded byte. */
const STRAY_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/** An http(s) URL of at most 2048 characters; `required` is the message for an empty one. */
export function httpUrl(required = "URL is required") {
  return z
    .string()
    .trim()
    .min(1, required)
    .max(LIMITS.url.max, `URL must be at most ${LIMITS.url.max} characters`)
    .refine((value) => !hasControlCharacters(value), `URL ${NO_CONTROL_CHARACTERS}`)
    .refine((value) => !NOT_IN_URLS.test(value), "Enter a web address without spaces, quotes or brackets")
    .refine((value) => !STRAY_PERCENT.test(value), "A % in a web address must start a code such as %20")
    .pipe(z.url({ protocol: /^https?$/, error: "Enter an http(s) URL" }));
}
export const HttpUrlSchema = httpUrl();
