import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_COUNT_CAP } from "#shared/constants.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { users } from "../../db/schema.ts";
import { createClient } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";

/**
 * A broad search counts exactly up to the cap and says so honestly past it: counting every match at a
 * million tips took 218 ms (ADR 022).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const common = `common${Date.now().toString(36)}`;
const rare = `rare${Date.now().toString(36)}`;

beforeAll(async () => {
  ctx = await createTestApp();
  const authorId = randomUUID();
  await ctx.db
    .insert(users)
    .values({ id: authorId, name: "Bulk", email: `${authorId}@example.com`, signInDisabled: true });
  // One more than the cap of public tips with the common word, a few hidden ones, and three with the rare one.
  await ctx.db.execute(sql`
    insert into tips (title, plant_type, difficulty, description, category, availability, author_id, name, email)
    select ${`${common} tip `} || g, 'Kale', 'Easy', 'A description long enough.', 'Vegetables',
      (case when g > ${SEARCH_COUNT_CAP + 1} then 'Hidden' else 'Public' end)::availability,
      ${authorId}, 'Bulk', ${`${authorId}@example.com`}
    from generate_series(1, ${SEARCH_COUNT_CAP + 20}) as g
  `);
  await ctx.db.execute(sql`
    insert into tips (title, plant_type, difficulty, description, category, author_id, name, email)
    select ${`${rare} tip `} || g, 'Kale', 'Hard', 'A description long enough.', 'Vegetables',
      ${authorId}, 'Bulk', ${`${authorId}@example.com`}
    from generate_series(1, 3) as g
  `);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe("X-Total-Count of a text search", () => {
  it("stops counting at the cap and marks the figure as a lower bound", async () => {
    const res = await createClient(ctx.app).get(`/api/tips?q=${common}&limit=5`, {
      schema: TipSchema.array(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(res.headers.get("x-total-count")).toBe(String(SEARCH_COUNT_CAP));
    expect(res.headers.get("x-total-count-exact")).toBe("false");
  });

  it("is exact, with no mark, up to the cap", async () => {
    const res = await createClient(ctx.app).get(`/api/tips?q=${rare}`, { schema: TipSchema.array() });
    expect(res.headers.get("x-total-count")).toBe("3");
    expect(res.headers.get("x-total-count-exact")).toBeNull();
    const narrowed = await createClient(ctx.app).get(`/api/tips?q=${common}&difficulty=Hard`);
    expect(narrowed.headers.get("x-total-count")).toBe("0");
  });

  it("leaves lists without a search exact, from the kept counts", async () => {
    const res = await createClient(ctx.app).get("/api/tips?difficulty=Easy&limit=1");
    expect(Number(res.headers.get("x-total-count"))).toBe(SEARCH_COUNT_CAP + 1);
    expect(res.headers.get("x-total-count-exact")).toBeNull();
  });
});
