import { pgEnum } from "drizzle-orm/pg-core";
import {
  AVAILABILITIES,
  DIFFICULTIES,
  GARDENER_STATUSES,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
  ROLES,
} from "#shared/constants.ts";

export const difficultyEnum = pgEnum("difficulty", DIFFICULTIES);
export const availabilityEnum = pgEnum("availability", AVAILABILITIES);
export const gardenerStatusEnum = pgEnum("gardener_status", GARDENER_STATUSES);
/** visible; hidden by a moderator; deleted by its author or the tip's, kept as "[deleted]" for its replies. */
export const commentStateEnum = pgEnum("comment_state", ["visible", "hidden", "deleted"]);
export const roleEnum = pgEnum("user_role", ROLES);
/**
 * An account on its way out (ADR 089): `leaving` while its deletion waits out the grace (hidden, as on
 * hold), then `anonymous` (its tips and comments stay under "Former gardener") or `erased` (what stays is
 * a placeholder for others' replies).
 */
export const departureEnum = pgEnum("account_departure", ["leaving", "anonymous", "erased"]);
export const reportTargetEnum = pgEnum("report_target", REPORT_TARGETS);
export const reportReasonEnum = pgEnum("report_reason", REPORT_REASONS);
/** Open until a moderator decides; then closed with what was decided. */
export const reportStateEnum = pgEnum("report_state", ["open", "closed"]);
export const moderationActionEnum = pgEnum("moderation_action", MODERATION_ACTIONS);

/** Whom a notice is for: the author of a decided item, or one of its reporters. */
export const noticeKindEnum = pgEnum("notice_kind", ["decision", "outcome"]);
