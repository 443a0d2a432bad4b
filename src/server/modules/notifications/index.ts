// What the notifications module offers the rest of the server.
export { createEventsRouter } from "./events.routes.ts";
export { muteRouter } from "./mute.routes.ts";
export { startNotificationMailSweep } from "./notification-mail.ts";
export { notificationsRouter } from "./notifications.routes.ts";
export { createUnsubscribeRouter, oneClickUnsubscribe } from "./unsubscribe.routes.ts";
export { sendSummaries, startSummarySweep } from "./weekly-summary.ts";
