import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { tips, users } from "../db/schema.ts";

type NewTip = typeof tips.$inferInsert;
/** A tip row for a test; without `authorId` it belongs to the account with its `email`. */
export type TipFixture = Omit<NewTip, "authorId"> & { authorId?: string };

/**
 * Inserts tips straight into the database, each owned by the account with its e-mail (ADR 012). An
 * e-mail no account has yet gets one nobody can sign in to, as the demo data's authors have.
 */
export async function insertTips(db: Db, rows: TipFixture[]) {
  const emails = [...new Set(rows.filter((row) => !row.authorId).map((row) => row.email.toLowerCase()))];
  if (emails.length > 0) {
    await db
      .insert(users)
      .values(
        emails.map((email) => ({
          id: randomUUID(),
          name: rows.find((row) => row.email.toLowerCase() === email)?.name ?? email,
          email,
          signInDisabled: true,
        })),
      )
      .onConflictDoNothing({ target: users.email });
  }
  const ids = new Map(
    emails.length > 0
      ? (
          await db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.email, emails))
        ).map((row) => [row.email, row.id])
      : [],
  );
  return db
    .insert(tips)
    .values(
      rows.map((row) => {
        const authorId = row.authorId ?? ids.get(row.email.toLowerCase());
        if (!authorId) throw new Error(`No account for the tip fixture's e-mail ${row.email}`);
        return { ...row, authorId };
      }),
    )
    .returning();
}
