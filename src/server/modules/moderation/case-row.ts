import type { moderationCases } from "../../db/schema.ts";

/** One moderation case as stored: read by decisions, notices and the routes alike. */
export type CaseRow = typeof moderationCases.$inferSelect;
