import { eq, sql } from "drizzle-orm";
import { hemisphereOf } from "#shared/calendar/frost.ts";
import { minutesOf, timeOf } from "#shared/quiet-hours.ts";
import { DEFAULT_SETTINGS, type Settings, type SettingsUpdate } from "#shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { memberSettings, summarySchedule } from "../../db/schema.ts";

/** The columns the settings are read from. */
const columns = {
  hemisphere: memberSettings.hemisphere,
  timeZone: memberSettings.timeZone,
  emailReplies: memberSettings.emailReplies,
  emailMentions: memberSettings.emailMentions,
  mutedKinds: memberSettings.mutedKinds,
  quietFrom: memberSettings.quietFrom,
  quietTo: memberSettings.quietTo,
  emailSummary: memberSettings.emailSummary,
  summaryEvery: memberSettings.summaryEvery,
  summaryDay: memberSettings.summaryDay,
  lastFrost: memberSettings.lastFrost,
  firstFrost: memberSettings.firstFrost,
  frostFree: memberSettings.frostFree,
  latitudeTenths: memberSettings.latitudeTenths,
  units: memberSettings.units,
};
type Row = Pick<typeof memberSettings.$inferSelect, keyof typeof columns>;

/** The settings a member's summary slots are planned by. */
const SCHEDULING = ["emailSummary", "summaryEvery", "summaryDay", "timeZone", "quietFrom"] as const;

/** The settings as a member reads them, from their row. */
function settingsFrom(row: Row | undefined): Settings {
  if (!row) return DEFAULT_SETTINGS;
  const { quietFrom, quietTo, latitudeTenths, ...rest } = row;
  return {
    ...rest,
    latitude: latitudeTenths === null ? null : latitudeTenths / 10,
    quietHours:
      quietFrom !== null && quietTo !== null ? { from: timeOf(quietFrom), to: timeOf(quietTo) } : null,
  };
}

/** A member's settings: the defaults until they change one. */
export async function settingsOf(db: Pick<Db, "select">, userId: string): Promise<Settings> {
  const [row] = await db.select(columns).from(memberSettings).where(eq(memberSettings.userId, userId));
  return settingsFrom(row);
}

/** Changes the fields `update` names, leaving the rest; answers the settings as they are now. */
export async function updateSettings(db: Db, userId: string, update: SettingsUpdate): Promise<Settings> {
  const { quietHours, latitude, ...fields } = update;
  const changes: Partial<typeof memberSettings.$inferInsert> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  );
  if (quietHours !== undefined) {
    changes.quietFrom = quietHours ? minutesOf(quietHours.from) : null;
    changes.quietTo = quietHours ? minutesOf(quietHours.to) : null;
  }
  // A latitude says the hemisphere; a hemisphere given alone keeps the latitude only if it agrees.
  if (latitude !== undefined && latitude !== null) {
    changes.latitudeTenths = Math.round(latitude * 10);
    changes.hemisphere = hemisphereOf(latitude);
  } else if (latitude === null) changes.latitudeTenths = null;
  const kept =
    latitude === undefined && changes.hemisphere !== undefined
      ? {
          latitudeTenths: sql`case when (${memberSettings.latitudeTenths} >= 0) = (${changes.hemisphere ?? null}::text = 'north') then ${memberSettings.latitudeTenths} end`,
        }
      : {};
  if (Object.keys(changes).length === 0) return settingsOf(db, userId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memberSettings)
      .values({ userId, ...changes })
      .onConflictDoUpdate({
        target: memberSettings.userId,
        set: { ...changes, ...kept, updatedAt: sql`now()` },
      })
      .returning(columns);
    // The summary's next slot follows these: it is planned again from now (ADR 084).
    if (SCHEDULING.some((field) => field in changes))
      await tx
        .update(summarySchedule)
        .set({ nextAt: sql`now()`, planned: false })
        .where(eq(summarySchedule.userId, userId));
    return settingsFrom(row);
  });
}
