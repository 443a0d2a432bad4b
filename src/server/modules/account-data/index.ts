// What the account-data module (a member's copy of their data) offers the rest of the server.

export { createDeletionRouter } from "./deletion.routes.ts";
export { cancelDeletion, runDueDeletions } from "./deletion.service.ts";
export { deletionLedger, type LedgerEntry, readLedgerFile, reapplyDeletions } from "./deletion-ledger.ts";
export { createAccountDataRouter } from "./export.routes.ts";
export { ExportRunner } from "./export-runner.ts";
