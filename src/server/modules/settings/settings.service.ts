import { eq, sql } from "drizzle-orm";
import type { Settings, SettingsUpdate } from "#shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { memberSettings } from "../../db/schema.ts";

const DEFAULTS: Settings = {
  hemisphere: null,
  timeZone: null,
  emailReplies: true,
  emailMentions: true,
  mutedKinds: [],
};

/** The settings as a member reads them. */
const columns = {
  hemisphere: memberSettings.hemisphere,
  timeZone: memberSettings.timeZone,
  emailReplies: memberSettings.emailReplies,
  emailMentions: memberSettings.emailMentions,
  mutedKinds: memberSettings.mutedKinds,
};

/** A member's settings: the defaults until they change one. */
export async function settingsOf(db: Db, userId: string): Promise<Settings> {
  const [row] = await db.select(columns).from(memberSettings).where(eq(memberSettings.userId, userId));
  return row ?? DEFAULTS;
}

/** Changes the fields `update` names, leaving the rest; answers the settings as they are now. */
export async function updateSettings(db: Db, userId: string, update: SettingsUpdate): Promise<Settings> {
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return settingsOf(db, userId);
  const [row] = await db
    .insert(memberSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: memberSettings.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning(columns);
  return row ?? DEFAULTS;
}
