export { HeldPhotos } from "./held-photos.ts";
export { moderationRouter } from "./moderation.routes.ts";
export { unsentNotices } from "./notices.ts";
export { createRoleKeeper } from "./roles.ts";
export { startModerationSweep } from "./sweep.ts";
