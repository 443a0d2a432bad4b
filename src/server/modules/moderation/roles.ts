import { and, asc, eq, inArray, ne, not, type SQL, sql } from "drizzle-orm";
import type { Role } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { appendLog } from "./log.ts";

/**
 * Held while deciding whether the first verified account becomes administrator, so two accounts verified
 * at the same moment (on two instances) cannot both find no administrator and both become one.
 */
const FIRST_ADMINISTRATOR_LOCK = 7261505;

const NAMED = "ADMIN_EMAILS names this address";
const NO_LONGER_NAMED = "ADMIN_EMAILS no longer names this address";
const FIRST = "The first verified account becomes administrator while ADMIN_EMAILS names nobody";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Who may hold a role at all: a verified account someone can sign in to (not a demo gardener). */
const eligible = and(eq(users.emailVerified, true), eq(users.signInDisabled, false));

/**
 * Who administers the site (ADR 040). With ADMIN_EMAILS set, exactly its verified accounts; without, the
 * first account ever verified. Every change is written to the moderation log as the site's own action
 * and said in the server's log.
 */
export interface RoleKeeper {
  /** An account's e-mail was just verified: it becomes administrator if it is due to. */
  verified(userId: string): Promise<void>;
  /** At startup: the administrators as ADMIN_EMAILS now says (an address added, or removed, since). */
  settle(): Promise<void>;
}

export function createRoleKeeper({
  db,
  adminEmails,
  logger,
}: {
  db: Db;
  adminEmails: readonly string[];
  logger: Logger;
}): RoleKeeper {
  const listed = inArray(sql`lower(${users.email})`, [...adminEmails]);

  async function change(tx: Tx, where: SQL | undefined, role: Role, reason: string, limit = 1000) {
    const rows = await tx
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(limit)
      .for("update");
    for (const row of rows) {
      await tx.update(users).set({ role }).where(eq(users.id, row.id));
      await appendLog(tx, {
        actor: "system",
        action: role === "administrator" ? "grant_administrator" : "revoke_administrator",
        target: { type: "member", id: row.id },
        subject: { id: row.id, name: row.name },
        reason,
        before: { role: row.role },
        after: { role },
      });
    }
    return rows.map((row) => ({ ...row, reason, role }));
  }

  function announce(changes: { email: string; role: Role; reason: string }[]) {
    for (const { email, role, reason } of changes)
      logger.info(
        role === "administrator"
          ? `${email} is now an administrator: ${reason}`
          : `${email} is no longer an administrator: ${reason}`,
      );
  }

  /** Without ADMIN_EMAILS: promotes one account matching `candidate` when there is no administrator yet. */
  function firstAdministrator(candidate: SQL | undefined) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMINISTRATOR_LOCK})`);
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, "administrator"))
        .limit(1);
      if (existing) return [];
      return change(tx, and(eligible, candidate), "administrator", FIRST, 1);
    });
  }

  return {
    async verified(userId) {
      const mine = eq(users.id, userId);
      const changes =
        adminEmails.length > 0
          ? await db.transaction((tx) =>
              change(
                tx,
                and(mine, eligible, listed, ne(users.role, "administrator")),
                "administrator",
                NAMED,
              ),
            )
          : await firstAdministrator(mine);
      announce(changes);
    },

    async settle() {
      if (adminEmails.length === 0) {
        announce(await firstAdministrator(undefined));
        return;
      }
      const changes = await db.transaction(async (tx) => [
        ...(await change(tx, and(eligible, listed, ne(users.role, "administrator")), "administrator", NAMED)),
        ...(await change(tx, and(eq(users.role, "administrator"), not(listed)), "member", NO_LONGER_NAMED)),
      ]);
      announce(changes);
      const found = await db
        .select({ email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(and(listed, eligible));
      const waiting = adminEmails.filter((email) => !found.some((row) => row.email === email));
      if (waiting.length > 0)
        logger.info(
          `ADMIN_EMAILS names ${waiting.join(", ")}, with no verified account yet: each becomes administrator once verified`,
        );
    },
  };
}
