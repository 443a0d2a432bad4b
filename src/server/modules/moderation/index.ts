export { startSuspensionSweep } from "./decisions.ts";
export { moderationRouter } from "./moderation.routes.ts";
export { createRoleKeeper } from "./roles.ts";
