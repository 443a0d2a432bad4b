// The database's tables, one file per area under schema/; drizzle-kit and the code read them from here.
export * from "./schema/account-data.ts";
export * from "./schema/account-deletions.ts";
export * from "./schema/accounts.ts";
export * from "./schema/calendar.ts";
export * from "./schema/community.ts";
export * from "./schema/enums.ts";
export * from "./schema/moderation.ts";
export * from "./schema/notifications.ts";
export * from "./schema/photos.ts";
export * from "./schema/summaries.ts";
export * from "./schema/tips.ts";
