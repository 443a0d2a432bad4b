import type { SQL } from "drizzle-orm";
import { z } from "zod";

/** Anything that runs a raw statement: the database, or a transaction. */
interface Executes {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * The rows a raw statement returned, each checked against `row`: both drivers (PGlite, node-postgres)
 * answer `{ rows }`, and a column the statement does not return, or returns as another type, fails
 * here with its name rather than as an `undefined` further on. PostgreSQL sends a bigint or numeric as
 * text: say `z.coerce.number()` for one.
 */
export async function rowsOf<Row extends z.ZodType>(
  db: Executes,
  row: Row,
  query: SQL,
): Promise<Array<z.output<Row>>> {
  return z.object({ rows: z.array(row) }).parse(await db.execute(query)).rows;
}
