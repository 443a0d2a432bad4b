// What the account-data module (a member's copy of their data) offers the rest of the server.
export { createAccountDataRouter } from "./export.routes.ts";
export { ExportRunner } from "./export-runner.ts";
