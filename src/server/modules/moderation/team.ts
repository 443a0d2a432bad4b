import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Role } from "#shared/constants.ts";
import { asHandle } from "#shared/handles.ts";
import type { Db } from "../../db/client.ts";
import { accountImage } from "../../db/photo-columns.ts";
import { users } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { type Actor, appendLog } from "./log.ts";

/** An account as the team's routes read it. */
const memberColumns = {
  id: users.id,
  name: users.name,
  handle: users.handle,
  ...accountImage(),
  role: users.role,
  emailVerified: users.emailVerified,
  signInDisabled: users.signInDisabled,
};

/** Administrators first, then moderators, each by name. */
export function listTeam(db: Db) {
  return db
    .select(memberColumns)
    .from(users)
    .where(inArray(users.role, ["moderator", "administrator"]))
    .orderBy(desc(users.role), asc(users.name), asc(users.id));
}

export type TeamRow = Awaited<ReturnType<typeof listTeam>>[number];

/**
 * Makes `handle` a moderator (`appoint`) or a member again, as `actor` decided, and logs it with `reason`.
 * Administrators are named by ADMIN_EMAILS alone, so their role is not changed here. Answers the account
 * as it now is, and whether anything changed (appointing a moderator again changes nothing).
 */
export function changeModerator(
  db: Db,
  { handle, appoint, actor, reason }: { handle: string; appoint: boolean; actor: Actor; reason: string },
) {
  const named = asHandle(handle);
  if (!named) return Promise.reject(new HttpError(404, "No gardener has this handle"));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(memberColumns)
      .from(users)
      .where(eq(users.handle, named))
      .limit(1)
      .for("update");
    if (!row) throw new HttpError(404, "No gardener has this handle");
    if (row.role === "administrator")
      throw new HttpError(409, "This account is an administrator: ADMIN_EMAILS decides its role");
    const role: Role = appoint ? "moderator" : "member";
    if (row.role === role) return { row, changed: false };
    if (appoint && (!row.emailVerified || row.signInDisabled))
      throw new HttpError(422, "Only an account with a verified e-mail can moderate");
    await tx.update(users).set({ role }).where(eq(users.id, row.id));
    await appendLog(tx, {
      actor,
      action: appoint ? "appoint_moderator" : "remove_moderator",
      target: { type: "member", id: row.id },
      subject: { id: row.id, name: row.name },
      reason,
      before: { role: row.role },
      after: { role },
    });
    return { row: { ...row, role }, changed: true };
  });
}
