// What the settings module offers the rest of the server.
export { settingsRouter } from "./settings.routes.ts";
export { settingsOf } from "./settings.service.ts";
