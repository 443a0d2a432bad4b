import { ApiErrorSchema } from "#shared/schemas/common.ts";

/**
 * Error answers for a route's `responses`, in the API's one error shape, by status:
 * `errorResponses({ 401: "Not signed in", 404: "No such tip" })`. The answers middleware gives before any
 * handler (400, 403, 413, 415, 429, 500) are added to every operation they apply to by
 * modules/docs/openapi-document.ts; a route lists only what its own handler answers.
 */
export function errorResponses<Status extends number>(descriptions: Record<Status, string>) {
  return Object.fromEntries(
    Object.entries<string>(descriptions).map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: ApiErrorSchema } } },
    ]),
  ) as Record<
    Status,
    { description: string; content: { "application/json": { schema: typeof ApiErrorSchema } } }
  >;
}
