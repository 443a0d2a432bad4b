import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dataExports } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";

type ExportRow = typeof dataExports.$inferSelect;

// Download links: the export's id, its owner and the link's end, signed with a key of their own.
const linkKey = (secret: string) => createHmac("sha256", secret).update("data export links").digest();
const signatureOf = (secret: string, id: string, userId: string, expires: number) =>
  createHmac("sha256", linkKey(secret)).update(`${id}~${userId}~${expires}`).digest("base64url");

/** The path of an export's download link, signed; it works for its owner, signed in, until it ends. */
export function downloadPath(secret: string, row: Pick<ExportRow, "id" | "userId" | "expiresAt">): string {
  const expires = row.expiresAt?.getTime() ?? 0;
  const signature = signatureOf(secret, row.id, row.userId, expires);
  return `/api/account/export/${row.id}/download?expires=${expires}&signature=${signature}`;
}

export const NO_EXPORT = "No such download: use the link on your profile";
export const EXPORT_GONE =
  "This download has expired: copies are kept for 48 hours. Ask for a new one on your profile.";

/**
 * The export a download link names, once its signature, owner and time are checked: 404 for a link not
 * ours or another member's, 410 once it has ended or the copy is gone.
 */
export async function exportToDownload(
  db: Db,
  secret: string,
  { id, userId, expires, signature }: { id: string; userId: string; expires: number; signature: string },
  now = new Date(),
): Promise<ExportRow & { fileName: string }> {
  const expected = Buffer.from(signatureOf(secret, id, userId, expires));
  const given = Buffer.from(signature);
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  // Another member's link reads as no link at all: it says nothing of whose it is.
  if (!row || row.userId !== userId || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new HttpError(404, NO_EXPORT);
  if (expires <= now.getTime() || row.state !== "ready" || !row.fileName || !row.expiresAt)
    throw new HttpError(410, EXPORT_GONE);
  if (row.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, EXPORT_GONE);
  return { ...row, fileName: row.fileName };
}
