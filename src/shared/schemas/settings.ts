import { z } from "zod";
import { hemisphereOf, isMonthDay } from "../calendar/frost.ts";
import { TIME_OF_DAY } from "../quiet-hours.ts";
import { HEMISPHERES, isTimeZone } from "../seasons.ts";

/**
 * The kinds of notification a member may turn off in the site; a bookmark's reminder and the moderators'
 * word always come.
 */
export const MUTABLE_KINDS = ["comment", "reply", "mention", "like", "follow", "new_tip"] as const;

/** How the calendar gives spacings: centimetres, or inches. */
export const UNITS = ["metric", "imperial"] as const;

/** How often the summary of what a member missed is e-mailed, while it is on. */
export const SUMMARY_EVERY = ["weekly", "daily"] as const;

/**
 * A member's own settings, seen by nobody else: where their garden is (the hemisphere turns "next spring"
 * into a date) and their time zone (when a reminder's morning is).
 */
export const SettingsSchema = z
  .object({
    hemisphere: z.enum(HEMISPHERES).nullable(),
    /** An IANA time zone, such as Europe/Paris; null until the member's browser or the member sets it. */
    timeZone: z.string().nullable(),
    /** E-mail comments on their tips and replies to their comments that wait unread while they are away. */
    emailReplies: z.boolean(),
    /** E-mail comments that name them (@handle) that wait unread while they are away. */
    emailMentions: z.boolean(),
    /** The kinds of notification they turned off in the site: none of these are made for them. */
    mutedKinds: z.array(z.enum(MUTABLE_KINDS)),
    /** No e-mail from `from` until `to` ("HH:MM", their time zone): it waits until then. Null: none. */
    quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
    /** "This week in your garden" by e-mail, when they were away and it has 3 items or more. */
    emailSummary: z.boolean(),
    summaryEvery: z.enum(SUMMARY_EVERY),
    /** The day a weekly summary comes, 0 Sunday to 6 Saturday, in the morning of their time zone. */
    summaryDay: z.number().int().min(0).max(6),
    /** Their last spring frost and first autumn frost ("MM-DD"), the garden calendar's anchors; null: not given. */
    lastFrost: z.string().nullable(),
    firstFrost: z.string().nullable(),
    /** Their garden never freezes: the calendar counts from the middle of the cool season instead. */
    frostFree: z.boolean(),
    /**
     * Their garden's latitude to a tenth of a degree, south negative, or null: it says the hemisphere, and
     * typical frost dates until they give their own. Never shown to anyone else.
     */
    latitude: z.number().nullable(),
    units: z.enum(UNITS),
  })
  .meta({ id: "Settings" });
export type Settings = z.infer<typeof SettingsSchema>;

/** The settings of a member who changed none: every notification on, e-mail while away included. */
export const DEFAULT_SETTINGS: Settings = {
  hemisphere: null,
  timeZone: null,
  emailReplies: true,
  emailMentions: true,
  mutedKinds: [],
  quietHours: null,
  emailSummary: true,
  summaryEvery: "weekly",
  summaryDay: 1,
  lastFrost: null,
  firstFrost: null,
  frostFree: false,
  latitude: null,
  units: "metric",
};

/** A frost date as members give it: a day of the year, "04-15". */
const frostDate = (name: string) =>
  z
    .string({ error: `${name} must be a day of the year such as 04-15` })
    .refine(isMonthDay, { error: `${name} must be a day of the year such as 04-15` })
    .nullable();

/** A change to the settings: each field left out stays as it is. */
export const SettingsUpdateSchema = z
  .object({
    hemisphere: z
      .enum(HEMISPHERES, { error: `hemisphere must be one of ${HEMISPHERES.join(", ")}` })
      .nullable(),
    timeZone: z
      .string({ error: "timeZone must be text" })
      .refine(isTimeZone, "timeZone must be a time zone such as Europe/Paris")
      .nullable(),
    emailReplies: z.boolean({ error: "emailReplies must be true or false" }),
    emailMentions: z.boolean({ error: "emailMentions must be true or false" }),
    mutedKinds: z
      .array(z.enum(MUTABLE_KINDS, { error: `mutedKinds holds only ${MUTABLE_KINDS.join(", ")}` }), {
        error: "mutedKinds must be a list",
      })
      .max(MUTABLE_KINDS.length, `mutedKinds holds at most ${MUTABLE_KINDS.length} kinds`)
      .transform((kinds) => [...new Set(kinds)]),
    quietHours: z
      .object(
        {
          from: z.string({ error: "quietHours.from must be a time" }).regex(TIME_OF_DAY, {
            error: "quietHours.from must be a time of day such as 22:00",
          }),
          to: z.string({ error: "quietHours.to must be a time" }).regex(TIME_OF_DAY, {
            error: "quietHours.to must be a time of day such as 07:00",
          }),
        },
        { error: "quietHours must be { from, to } or null" },
      )
      .refine((quiet) => quiet.from !== quiet.to, "quietHours must end at another time than they start")
      .nullable(),
    emailSummary: z.boolean({ error: "emailSummary must be true or false" }),
    summaryEvery: z.enum(SUMMARY_EVERY, { error: `summaryEvery must be one of ${SUMMARY_EVERY.join(", ")}` }),
    summaryDay: z
      .number({ error: "summaryDay must be a number, 0 Sunday to 6 Saturday" })
      .int("summaryDay must be a whole number, 0 Sunday to 6 Saturday")
      .min(0, "summaryDay must be 0 Sunday to 6 Saturday")
      .max(6, "summaryDay must be 0 Sunday to 6 Saturday"),
    lastFrost: frostDate("lastFrost"),
    firstFrost: frostDate("firstFrost"),
    frostFree: z.boolean({ error: "frostFree must be true or false" }),
    latitude: z
      .number({ error: "latitude must be a number of degrees, south negative, such as 51.5" })
      .min(-90, "latitude must be between -90 and 90")
      .max(90, "latitude must be between -90 and 90")
      .transform((degrees) => Math.round(degrees * 10) / 10)
      .nullable()
      .meta({ description: "Degrees, south negative; kept to a tenth of a degree. It sets the hemisphere." }),
    units: z.enum(UNITS, { error: `units must be one of ${UNITS.join(", ")}` }),
  })
  .partial()
  .refine(
    ({ latitude, hemisphere }) =>
      latitude === undefined ||
      latitude === null ||
      hemisphere === undefined ||
      hemisphere === hemisphereOf(latitude),
    { path: ["hemisphere"], error: "hemisphere must be the latitude's: north from 0 up, south below" },
  )
  .meta({ id: "SettingsUpdate" });
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;
