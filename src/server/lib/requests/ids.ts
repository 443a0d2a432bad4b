import { z } from "zod";

/** Every id the database makes (gen_random_uuid, randomUUID) is a UUID; it is read in any case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` could be an id: what cannot be one names nothing, and is never sent to a query. */
export const isId = (value: string): boolean => UUID.test(value);

/** An id inside a schema (a cursor's, a body's): the same check. */
export const IdSchema = z.string().regex(UUID, "is not an id");

/**
 * A route's `{id}` path parameter, naming one `what` ("tip"). A text that cannot be an id names nothing,
 * as an id nobody has: the route answers 404 with its own `notFound` sentence before any query (ADR 058),
 * the same whatever the route, never 400 or 500.
 */
export function idParam(what: string, notFound: string) {
  return z.object({
    id: z
      .string()
      .refine(isId, { message: notFound })
      .meta({ description: `The ${what}'s _id`, format: "uuid" }),
  });
}
