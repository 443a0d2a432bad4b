// What the gardeners module offers the rest of the server.

export { toProfile } from "./gardener-dto.ts";
export { countGardeners } from "./gardener-list.ts";
export { gardenersRouter } from "./gardeners.routes.ts";
export { findGardenerPage, GARDENER_TABLES, whereHandleLeads } from "./gardeners.service.ts";
