// What the system module offers the rest of the server.

export { createMetricsRouter } from "./metrics.routes.ts";
export { createSystemRouter } from "./system.routes.ts";
