export { HeldPhotos } from "./held-photos.ts";
export { moderationRouter } from "./moderation.routes.ts";
export { toNotice, toReport } from "./moderation-dto.ts";
export { listNotices, unsentNotices } from "./notices.ts";
export { listMyReports } from "./reports.ts";
export { createRoleKeeper } from "./roles.ts";
export { startModerationSweep } from "./sweep.ts";
