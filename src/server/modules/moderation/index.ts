export { startSuspensionSweep } from "./decisions.ts";
export { HeldPhotos } from "./held-photos.ts";
export { moderationRouter } from "./moderation.routes.ts";
export { createRoleKeeper } from "./roles.ts";
