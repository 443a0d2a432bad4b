import { desc, eq, sql } from "drizzle-orm";
import type { DataRequest } from "#shared/schemas/account-data.ts";
import type { Db } from "../../db/client.ts";
import { dataExports, users } from "../../db/schema.ts";

/** The most requests the administrators' list shows. */
const SHOWN = 200;

/**
 * Members' requests about their data for the administrators: those under way or waiting to be downloaded,
 * and the past week's others, newest first. Who and when only: never what a copy holds, nor its link.
 */
export async function listDataRequests(db: Db): Promise<DataRequest[]> {
  const rows = await db
    .select({
      id: dataExports.id,
      state: dataExports.state,
      requestedAt: dataExports.requestedAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
      name: users.name,
      handle: users.handle,
    })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(
      sql`${dataExports.state} in ('waiting', 'building', 'ready') or ${dataExports.requestedAt} > now() - interval '7 days'`,
    )
    .orderBy(desc(dataExports.requestedAt))
    .limit(SHOWN);
  return rows.map((row) => ({
    _id: row.id,
    kind: "export",
    member: { name: row.name, handle: row.handle },
    state: row.state,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.state === "ready" ? (row.expiresAt?.toISOString() ?? null) : null,
  }));
}
