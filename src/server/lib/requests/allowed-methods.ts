import type { MiddlewareHandler } from "hono";
import type { ApiError } from "#shared/schemas/common.ts";

/** One route the API answers: a Hono path pattern (":id" parameters) and its method. */
export interface KnownRoute {
  path: string;
  method: string;
}

const toPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]\w*/g, "[^/]+")}/?$`);

/**
 * A method the path does not support answers 405 with `Allow` (RFC 9110 15.5.6), before any guard that
 * would otherwise answer "Sign in first" to a PATCH or TRACE. Paths no route has fall through to the 404.
 * `routes` is read on first use, once every route is registered.
 */
export function allowedMethods(routes: () => KnownRoute[]): MiddlewareHandler {
  let table: Array<{ pattern: RegExp; methods: Set<string> }> | null = null;
  const build = () => {
    const byPath = new Map<string, Set<string>>();
    for (const route of routes()) {
      const methods = byPath.get(route.path) ?? new Set<string>();
      methods.add(route.method.toUpperCase());
      byPath.set(route.path, methods);
    }
    return [...byPath].map(([path, methods]) => {
      if (methods.has("GET")) methods.add("HEAD");
      return { pattern: toPattern(path), methods };
    });
  };
  return async (c, next) => {
    table ??= build();
    const matching = table.filter((entry) => entry.pattern.test(c.req.path));
    if (matching.length === 0) return next();
    const allowed = new Set(matching.flatMap((entry) => [...entry.methods]));
    if (allowed.has(c.req.method)) return next();
    const allow = [...allowed].sort().join(", ");
    c.header("Allow", allow);
    return c.json<ApiError>(
      { message: `${c.req.method} is not allowed on ${c.req.path}; use ${allow}` },
      405,
    );
  };
}
