import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Crop } from "#shared/calendar/crops.ts";
import { frostsOfSettings, nextOpening, type Place, todayIn } from "#shared/calendar/frost.ts";
import type { SowingReminder } from "#shared/schemas/crop-page.ts";
import { isTimeZone, REMINDER_HOUR, zonedTime } from "#shared/seasons.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { sowingReminders, tips } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { tipSeenBy } from "../../lib/rules/visibility.ts";
import { settingsOf } from "../settings/index.ts";
import { findVisibleTip } from "../tips/index.ts";

const NO_PLACE =
  "Tell the calendar where you garden first (your hemisphere and frost dates, on the calendar or your profile)";

type Row = typeof sowingReminders.$inferSelect;

const toReminder = (row: Row): SowingReminder => ({
  crop: row.crop,
  task: row.task,
  opensOn: row.opensOn,
  remindAt: row.remindAt.toISOString(),
  tipId: row.tipId,
  remindedAt: row.remindedAt?.toISOString() ?? null,
});

/** The member's reminder for `crop`, or null. */
export async function reminderOf(db: Db, userId: string, crop: string): Promise<SowingReminder | null> {
  const [row] = await db
    .select()
    .from(sowingReminders)
    .where(and(eq(sowingReminders.userId, userId), eq(sowingReminders.crop, crop)));
  return row ? toReminder(row) : null;
}

/**
 * Sets the member's reminder for `crop` to the morning its next window opens in their garden (the first
 * to open after today, in their time zone), from their place as their settings hold it: 409 without one.
 * From a tip (`tipId`), the tip must be one they may see and must name the crop.
 */
export async function setReminder(
  db: Db,
  userId: string,
  { slug: crop, windows }: Crop,
  { tipId, now }: { tipId?: string | undefined; now: Date },
): Promise<SowingReminder> {
  if (tipId) {
    const tip = await findVisibleTip(db, tipId, userId);
    if (!tip) throw new HttpError(404, "Tip not found");
    if (!tip.crops.includes(crop)) throw new HttpError(400, "That tip does not name this crop");
  }
  const settings = await settingsOf(db, userId);
  if (!settings.hemisphere) throw new HttpError(409, NO_PLACE);
  const frosts = frostsOfSettings({ ...settings, hemisphere: settings.hemisphere });
  const place: Place = {
    hemisphere: settings.hemisphere,
    lastFrost: frosts?.lastFrost ?? null,
    firstFrost: frosts?.firstFrost ?? null,
  };
  const zone = settings.timeZone && isTimeZone(settings.timeZone) ? settings.timeZone : "UTC";
  const next = nextOpening(windows, place, todayIn(now, zone));
  if (!next) throw new HttpError(409, "This crop has no window to remind you of");
  const opens = next.span.from;
  const values = {
    userId,
    crop,
    task: next.task,
    tipId: tipId ?? null,
    opensOn: opens.toISOString().slice(0, 10),
    remindAt: zonedTime(
      opens.getUTCFullYear(),
      opens.getUTCMonth() + 1,
      opens.getUTCDate(),
      REMINDER_HOUR,
      zone,
    ),
    remindedAt: null,
  };
  const [row] = await db
    .insert(sowingReminders)
    .values(values)
    .onConflictDoUpdate({ target: [sowingReminders.userId, sowingReminders.crop], set: values })
    .returning();
  if (!row) throw new Error("Saving the reminder returned nothing");
  return toReminder(row);
}

/** Removes the member's reminder for `crop`; answers whether there was one. */
export async function removeReminder(db: Db, userId: string, crop: string): Promise<boolean> {
  const removed = await db
    .delete(sowingReminders)
    .where(and(eq(sowingReminders.userId, userId), eq(sowingReminders.crop, crop)))
    .returning({ crop: sowingReminders.crop });
  return removed.length > 0;
}

/** The most reminders one run sends; the next run (a minute on) takes the rest. */
const REMINDERS_A_RUN = 500;

/**
 * Turns the sowing reminders due at `now` into notifications, once each: claimed (those another server
 * holds skipped), marked sent and notified in one statement, so two servers, or a run after a crash, never
 * send one twice. The tip it was set from is named only while the member may still see it. With
 * `onlyUserId`, only that member's (the browser tests' clock). Answers how many were sent.
 */
export async function sendDueSowingReminders(db: Db, now: Date, onlyUserId?: string): Promise<number> {
  const at = now.toISOString();
  const whose = onlyUserId ? sql`and ${sowingReminders.userId} = ${onlyUserId}` : sql``;
  const sent = await rowsOf(
    db,
    z.object({ id: z.string() }),
    sql`
    with "due" as (
      select ${sowingReminders.userId}, ${sowingReminders.crop} from ${sowingReminders}
      where ${sowingReminders.remindAt} <= ${at}::timestamptz and ${sowingReminders.remindedAt} is null ${whose}
      order by ${sowingReminders.remindAt}
      limit ${REMINDERS_A_RUN}
      for update skip locked
    ), "marked" as (
      update ${sowingReminders} set "reminded_at" = ${at}::timestamptz
      from "due" where ${sowingReminders.userId} = "due"."user_id" and ${sowingReminders.crop} = "due"."crop"
      returning ${sowingReminders.userId}, ${sowingReminders.crop}, ${sowingReminders.tipId}
    )
    insert into "notifications" ("user_id", "kind", "crop", "tip_id")
    select "marked"."user_id", 'sowing', "marked"."crop",
      case when ${tipSeenBy(sql`"marked"."user_id"`)} then "marked"."tip_id" end
    from "marked" left join ${tips} on ${tips.id} = "marked"."tip_id"
    returning "id"`,
  );
  return sent.length;
}
