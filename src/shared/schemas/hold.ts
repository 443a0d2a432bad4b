import { z } from "zod";
import { REPORT_REASONS } from "../constants.ts";

/**
 * Why an item is hidden pending review, as only its author is told (everyone else sees a placeholder):
 * the reports' reason, whether the whole account is on hold rather than this item, and when the author
 * changed the item to ask for it back (once per hold; null until then).
 */
export const HoldSchema = z
  .object({
    reason: z.enum(REPORT_REASONS),
    onAccount: z.boolean(),
    reviewAskedAt: z.string().nullable(),
  })
  .meta({ id: "Hold" });
export type Hold = z.infer<typeof HoldSchema>;

/** The hold an item's row records: its own reason, or its author's account on hold; null when shown. */
export function holdOf(row: {
  hold: (typeof REPORT_REASONS)[number] | null;
  authorHeld: boolean;
  holdReviewAskedAt: Date | null;
}): Hold | null {
  if (!row.hold && !row.authorHeld) return null;
  return {
    reason: row.hold ?? "spam",
    onAccount: row.authorHeld,
    reviewAskedAt: row.holdReviewAskedAt?.toISOString() ?? null,
  };
}
