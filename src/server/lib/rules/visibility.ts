import { type SQL, sql } from "drizzle-orm";
import { comments, tips } from "../../db/schema.ts";

/*
 * Who may see what members posted, said once (ADR 055). Each rule is a SQL condition for lists and
 * joins, with a TypeScript twin where a row already read is judged; a test holds the tips' pairs equal
 * over every case, and another fails when a module writes a rule's parts by hand instead of using it.
 *
 * - A tip: anyone, when it is public and shown (neither it nor its author's account on hold); its author,
 *   always.
 * - A comment: whoever may see its tip, when it is shown (not on hold, its author not on hold) and its
 *   author is not one the reader blocked; its author, always (a placeholder stands in for anyone else).
 * - A gardener page: anyone, unless it or its account is on hold; its member, always. Explore Gardeners
 *   reads it from `users.explorable` (drizzle/0037, ADR 069), a column the database keeps with the list's
 *   other conditions.
 */

/** The tip columns the rules read. */
interface TipColumns {
  availability: SQL | typeof tips.availability;
  shown: SQL | typeof tips.shown;
  authorId: SQL | typeof tips.authorId;
}
const TIP: TipColumns = { availability: tips.availability, shown: tips.shown, authorId: tips.authorId };

/** A tip its author made public, whether or not it is on hold (what the caps on public tips count). */
export function tipListed(tip: Pick<TipColumns, "availability"> = TIP): SQL {
  return sql`(${tip.availability} = 'Public')`;
}

/** The twin of `tipListed`. */
export const isTipListed = (tip: { availability?: string }) => tip.availability === "Public";

/** A tip anyone may see: public, and neither it nor its author on hold. */
export function tipPublic(tip: Omit<TipColumns, "authorId"> = TIP): SQL {
  return sql`(${tipListed(tip)} and ${tip.shown})`;
}

/** A tip `viewerId` may see (null: a visitor; SQL: each row's own viewer): a public one, or their own. */
export function tipSeenBy(viewerId: string | SQL | null, tip: TipColumns = TIP): SQL {
  return viewerId === null ? tipPublic(tip) : sql`(${tipPublic(tip)} or ${tip.authorId} = ${viewerId})`;
}

/** The twin of `tipPublic` for a row already read. */
export const isTipPublic = (tip: { availability: string; shown: boolean | null }) =>
  isTipListed(tip) && tip.shown === true;

/** The twin of `tipSeenBy` for a row already read. */
export const mayViewTip = (
  tip: { availability: string; shown: boolean | null; authorId: string },
  viewerId: string | null,
) => isTipPublic(tip) || (viewerId !== null && tip.authorId === viewerId);

/** A comment shown to others: not on hold, its author not on hold (else a placeholder stands in). */
export const commentShown = sql`(${comments.hold} is null and not ${comments.authorHeld})`;

/** A gardener page anyone may read: neither the page nor its account on hold. */
export const isPageShown = (account: { pageHold: string | null; held: boolean }) =>
  account.pageHold === null && !account.held;
