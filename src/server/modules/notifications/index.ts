// What the notifications module offers the rest of the server.
export { notificationsRouter } from "./notifications.routes.ts";
