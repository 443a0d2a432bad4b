// What the gardeners module offers the rest of the server.
export { gardenersRouter } from "./gardeners.routes.ts";
export { countGardeners, GARDENER_TABLES, whereHandleLeads } from "./gardeners.service.ts";
