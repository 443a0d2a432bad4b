import { z } from "zod";
import { CropSchema } from "../calendar/crops.ts";
import { isMonthDay, TASKS } from "../calendar/frost.ts";
import { HEMISPHERES } from "../seasons.ts";
import { PageQuerySchema } from "./common.ts";
import { TipSchema } from "./tip.ts";

/** How close a tip's author gardens to the reader, as a crop page ranks its tips. */
export const PLACE_MATCHES = ["near", "hemisphere", "elsewhere"] as const;
export type PlaceMatch = (typeof PLACE_MATCHES)[number];

/**
 * GET /api/crops/{slug}: the reader's place (never stored; the page sends the one the reader set) and
 * which page of the crop's tips.
 */
export const CropPageQuerySchema = PageQuerySchema.extend({
  hemisphere: z
    .enum(HEMISPHERES, { error: `hemisphere must be one of ${HEMISPHERES.join(", ")}` })
    .optional(),
  lastFrost: z
    .string()
    .refine(isMonthDay, { error: "lastFrost must be a day of the year such as 04-15" })
    .optional(),
  frostFree: z
    .enum(["true", "false"], { error: 'frostFree must be "true" or "false"' })
    .optional()
    .transform((value) => value === "true"),
});

export const CropPageSchema = CropSchema.extend({
  tips: z.object({
    /**
     * The public tips naming the crop: first those of gardeners in the reader's hemisphere whose last frost
     * is within three weeks of theirs (`near`), then the rest of that hemisphere, then everyone else; most
     * liked first within each.
     */
    items: z.array(z.object({ tip: TipSchema, match: z.enum(PLACE_MATCHES) })),
    total: z.number().int(),
  }),
}).meta({ id: "CropPage" });
export type CropPage = z.infer<typeof CropPageSchema>;

/** A member's reminder for a crop: it comes back as a notification the morning its next window opens. */
export const SowingReminderSchema = z
  .object({
    crop: z.string(),
    /** The window it is for. */
    task: z.enum(TASKS),
    /** The day the window opens in the member's garden, "YYYY-MM-DD". */
    opensOn: z.string(),
    /** When it comes back: 08:00 that day in the member's time zone. */
    remindAt: z.string(),
    /** The tip it was set from, if any. */
    tipId: z.string().nullable(),
    /** When it came back; null before. */
    remindedAt: z.string().nullable(),
  })
  .meta({ id: "SowingReminder" });
export type SowingReminder = z.infer<typeof SowingReminderSchema>;

/** PUT /api/crops/{slug}/reminder: set from the crop's page, or from a tip naming the crop. */
export const SowingReminderInputSchema = z
  .object({ tipId: z.uuid({ error: "tipId must be a tip's id" }).optional() })
  .meta({ id: "SowingReminderInput" });

/** GET /api/crops/{slug}/reminder: the member's reminder for the crop, or null. */
export const SowingReminderStateSchema = z
  .object({ reminder: SowingReminderSchema.nullable() })
  .meta({ id: "SowingReminderState" });
