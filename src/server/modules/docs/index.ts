// What the API document module offers the rest of the server.
export { createDocsRouter } from "./docs.routes.ts";
