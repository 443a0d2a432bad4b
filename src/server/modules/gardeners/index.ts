// What the gardeners module offers the rest of the server.

export { countGardeners } from "./gardener-list.ts";
export { gardenersRouter } from "./gardeners.routes.ts";
export { GARDENER_TABLES, whereHandleLeads } from "./gardeners.service.ts";
