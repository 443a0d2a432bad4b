// What the crops module (the garden calendar's crop list) offers the rest of the server.
export { cropsRouter } from "./crops.routes.ts";
export { sendDueSowingReminders } from "./sowing-reminders.ts";
export { startSowingReminders } from "./sowing-sweep.ts";
