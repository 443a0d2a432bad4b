// What the dashboard module offers the rest of the server.
export { dashboardRouter } from "./dashboard.routes.ts";
