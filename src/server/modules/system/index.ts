// What the system module offers the rest of the server.
export { createSystemRouter } from "./system.routes.ts";
