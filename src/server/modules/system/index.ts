// What the system module offers the rest of the server.
export { systemRouter } from "./system.routes.ts";
