import type { Db } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import type { ArchiveStore } from "../../storage/archive-store.ts";
import type { PhotoStorage } from "../../storage/photo-storage.ts";

/** What building and handing out exports needs. */
export interface ExportDeps {
  db: Db;
  archives: ArchiveStore;
  storage: PhotoStorage;
  /** BASE_URL: the links in the e-mail and the zip's addresses. */
  baseUrl: string;
  /** The site's secret: it signs the download links. */
  secret: string;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /**
   * Where each account deletion done is also written, one JSON line each: BACKUP_DIR/deletions.jsonl, so
   * a restore of a backup from there deletes them again even into an empty site (ADR 089).
   */
  ledgerFile?: string;
}
