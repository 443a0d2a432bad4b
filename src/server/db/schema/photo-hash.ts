// How a stored photo address names its upload, for the indexes of the tables that show photos.
import { sql } from "drizzle-orm";

/**
 * The hash of the uploaded photo a URL names (src/shared/photos.ts), or null for any other URL: indexed on
 * tips and users, so "does anything still use this photo?" is an index lookup, not a scan.
 */
export const photoHashOf = (column: string) =>
  sql.raw(`substring("${column}" from '/uploads/([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$')`);
