import { z } from "zod";
import { GARDENER_STATUSES, TEAM_ROLES } from "../constants.ts";
import { HandleSchema } from "../handles.ts";
import {
  hasControlCharacters,
  hasHiddenFormatting,
  httpUrl,
  NO_CONTROL_CHARACTERS,
  NO_HIDDEN_FORMATTING,
  PageQuerySchema,
  withPlainLineBreaks,
} from "./common.ts";
import { HoldSchema } from "./hold.ts";
import { PhotoViewSchema } from "./photo.ts";

export const GardenerSchema = z
  .object({
    /** A demo gardener's number, or a member's handle. */
    id: z.union([z.number().int(), z.string()]),
    /** Names their page, /gardeners/{handle}; null for a demo gardener whose e-mail has no demo account. */
    handle: z.string().nullable(),
    name: z.string(),
    image: z.string(),
    photo: PhotoViewSchema.optional(),
    /** A member is active when their latest public tip is younger than 90 days. */
    status: z.enum(GARDENER_STATUSES),
    /** The demo gardeners' cards only: a member's e-mail is never shown. */
    email: z.string().optional(),
    age: z.number().int().nullable(),
    gender: z.string().nullable(),
    experiences: z.string().nullable(),
    location: z.string().optional(),
    certifications: z.array(z.string()).optional(),
    gardenName: z.string().optional(),
    youtube: z.string().optional(),
    /** Their public tips, counted live, so it always agrees with the tips. */
    totalSharedTips: z.number().int(),
    /** Only for the team: shown as a badge beside the name. */
    role: z.enum(TEAM_ROLES).optional(),
  })
  .meta({ id: "Gardener" });
export type Gardener = z.infer<typeof GardenerSchema>;

export const GardenerListQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(GARDENER_STATUSES, { error: `status must be one of: ${GARDENER_STATUSES.join(", ")}` })
    .optional(),
});
/** What a client may send; the server fills in the paging defaults. */
export type GardenerListQuery = Partial<z.output<typeof GardenerListQuerySchema>>;

/**
 * A gardener's page, /gardeners/{handle} (ADR 039): any account's, a demo gardener's included. A demo
 * gardener's card is the specification's, e-mail and all; a member's never carries an e-mail, and carries
 * age and gender only when they filled them in.
 */
export const GardenerPageSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    /** The photo's absolute URL, or the default avatar. */
    image: z.string(),
    /** When the photo was uploaded here: its size and narrower copies. */
    photo: PhotoViewSchema.optional(),
    status: z.enum(GARDENER_STATUSES),
    /** Plain text; never HTML. */
    bio: z.string().optional(),
    email: z.string().optional(),
    age: z.number().int().optional(),
    gender: z.string().optional(),
    experiences: z.string().optional(),
    location: z.string().optional(),
    certifications: z.array(z.string()).optional(),
    gardenName: z.string().optional(),
    youtube: z.string().optional(),
    /** When the account was made (ISO 8601): the page says the month and year. */
    memberSince: z.string(),
    /** Their public tips. */
    totalSharedTips: z.number().int(),
    /** Likes on their public tips, all together. */
    totalLikesReceived: z.number().int(),
    /** Members who follow them. */
    followers: z.number().int(),
    /** Members they follow. */
    following: z.number().int(),
    /** Only for the team: shown as a badge beside the name. */
    role: z.enum(TEAM_ROLES).optional(),
  })
  .meta({ id: "GardenerPage" });
export type GardenerPage = z.infer<typeof GardenerPageSchema>;

/** The signed-in member's own page, as everyone sees it, and whether Explore Gardeners lists them. */
export const ProfileSchema = GardenerPageSchema.extend({
  /** Shown on Explore Gardeners once they share a public tip. */
  listed: z.boolean(),
  /** Only while the page is hidden pending review: why, and whether the member asked for it back. */
  hold: HoldSchema.optional(),
}).meta({ id: "Profile" });
export type Profile = z.infer<typeof ProfileSchema>;

/** The most a bio may hold, in characters. */
const BIO_MAX = 500;

/** Optional plain text on a gardener page: empty means none; no control characters or hidden formatting. */
const profileText = (label: string, max: number, { multiline = false } = {}) =>
  z
    .string({ error: `${label} must be text` })
    .transform((value) => (multiline ? withPlainLineBreaks(value) : value).trim())
    .pipe(
      z
        .string()
        .max(max, `${label} must be at most ${max} characters`)
        .refine(
          (value) => !hasControlCharacters(value) && (multiline || !/[\n\r\t]/.test(value)),
          `${label} ${NO_CONTROL_CHARACTERS}`,
        )
        .refine((value) => !hasHiddenFormatting(value), `${label} ${NO_HIDDEN_FORMATTING}`),
    )
    .nullable()
    .transform((value) => value || null);

/** The hosts of YouTube's own channel and video addresses. */
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be"]);

/**
 * A member's YouTube link: a YouTube address over https and nothing else, without a name or password in
 * it. Shown as "YouTube" on their page, it must not lead anywhere else.
 */
const youtubeLink = httpUrl("YouTube link is required").refine((value) => {
  // Checked even when the value is no address at all (zod runs every check), so nothing here may throw.
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" && !url.username && !url.password && YOUTUBE_HOSTS.has(url.hostname);
}, "Enter a YouTube address, such as https://www.youtube.com/@yourchannel");

/**
 * What a member may change on their gardener page (ADR 039); each field left out stays as it is, and an
 * empty one (or null) clears it. The name and photo are the account's, changed as before; other keys are
 * ignored, as in a tip's body.
 */
export const ProfileUpdateSchema = z
  .object({
    handle: HandleSchema,
    bio: profileText("Bio", BIO_MAX, { multiline: true }),
    location: profileText("Location", 100),
    experiences: profileText("Experience", 100),
    gardenName: profileText("Garden name", 100),
    gender: profileText("Gender", 40),
    age: z
      .number({ error: "Age must be a whole number" })
      .int("Age must be a whole number")
      .min(13, "Age must be at least 13")
      .max(120, "Age must be at most 120")
      .nullable(),
    youtube: youtubeLink.nullable().or(z.literal("").transform(() => null)),
    certifications: z
      .array(profileText("A certification", 100), { error: "Certifications must be a list" })
      .max(10, "At most 10 certifications")
      .transform((list) => list.filter((item): item is string => item !== null)),
    listed: z.boolean({ error: "listed must be true or false" }),
  })
  .partial()
  .meta({ id: "ProfileUpdate" });

/**
 * The profile settings form: every field as typed (certifications one per line, age as written), parsed
 * into the whole profile update, so what the form shows is what is saved.
 */
export const ProfileFormSchema = z.object({
  handle: HandleSchema,
  bio: ProfileUpdateSchema.shape.bio.unwrap(),
  location: ProfileUpdateSchema.shape.location.unwrap(),
  experiences: ProfileUpdateSchema.shape.experiences.unwrap(),
  gardenName: ProfileUpdateSchema.shape.gardenName.unwrap(),
  gender: ProfileUpdateSchema.shape.gender.unwrap(),
  youtube: ProfileUpdateSchema.shape.youtube.unwrap(),
  age: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d+$/.test(value), "Age must be a whole number")
    .transform((value) => (value === "" ? null : Number(value)))
    .pipe(ProfileUpdateSchema.shape.age.unwrap()),
  certifications: z
    .string()
    .transform((value): Array<string | null> => value.split("\n"))
    .pipe(ProfileUpdateSchema.shape.certifications.unwrap()),
  listed: z.boolean(),
});
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
