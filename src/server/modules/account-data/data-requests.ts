import { desc, eq, sql } from "drizzle-orm";
import type { DataRequest } from "#shared/schemas/account-data.ts";
import type { Db } from "../../db/client.ts";
import { accountDeletions, dataExports, users } from "../../db/schema.ts";

/** The most requests the administrators' list shows. */
const SHOWN = 200;

/**
 * Members' requests about their data for the administrators: copies under way or waiting to be downloaded,
 * deletions waiting out their grace, and the past week's others, newest first. Who and when only: never
 * what a copy holds, nor its link; a deleted account is "Former gardener".
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
  const deletions = await db
    .select({
      id: accountDeletions.id,
      state: accountDeletions.state,
      requestedAt: accountDeletions.requestedAt,
      dueAt: accountDeletions.dueAt,
      doneAt: accountDeletions.doneAt,
      name: users.name,
      handle: users.handle,
    })
    .from(accountDeletions)
    .innerJoin(users, eq(users.id, accountDeletions.userId))
    .where(
      sql`${accountDeletions.state} = 'pending' or ${accountDeletions.requestedAt} > now() - interval '7 days'`,
    )
    .orderBy(desc(accountDeletions.requestedAt))
    .limit(SHOWN);
  const requests: DataRequest[] = [
    ...rows.map((row) => ({
      _id: row.id,
      kind: "export" as const,
      member: { name: row.name, handle: row.handle },
      state: row.state,
      requestedAt: row.requestedAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.state === "ready" ? (row.expiresAt?.toISOString() ?? null) : null,
      dueAt: null,
    })),
    ...deletions.map((row) => ({
      _id: row.id,
      kind: "deletion" as const,
      // Once done, the account names no one.
      member:
        row.state === "done" ? { name: row.name, handle: null } : { name: row.name, handle: row.handle },
      state: row.state,
      requestedAt: row.requestedAt.toISOString(),
      readyAt: null,
      expiresAt: null,
      dueAt: (row.doneAt ?? row.dueAt).toISOString(),
    })),
  ];
  return requests.sort((a, b) => b.requestedAt.localeCompare(a.requestedAt)).slice(0, SHOWN);
}
