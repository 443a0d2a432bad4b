// What the notifications module offers the rest of the server.
export { createEventsRouter } from "./events.routes.ts";
export { notificationsRouter } from "./notifications.routes.ts";
