import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { MEMBER_ROUTES } from "#shared/site-routes.ts";
import { RequireAuth } from "#web/features/auth/components/require-auth.tsx";
import { routes } from "./router.tsx";

/** Every page path of the router behind RequireAuth, written in full. */
function guardedPaths(nodes: RouteObject[], parent = "", guarded = false): string[] {
  return nodes.flatMap((node) => {
    const isGuard =
      node.element !== null &&
      typeof node.element === "object" &&
      "type" in node.element &&
      node.element.type === RequireAuth;
    const inside = guarded || isGuard;
    const full =
      node.path === undefined || node.path === "*"
        ? parent
        : node.path.startsWith("/")
          ? node.path
          : `${parent}/${node.path}`;
    const own = inside && (node.index || (node.path !== undefined && node.path !== "*")) ? [full || "/"] : [];
    return [...own, ...guardedPaths(node.children ?? [], full, inside)];
  });
}

describe("a member's pages", () => {
  it("are exactly the router's pages behind sign-in, which the server marks noindex (shared/site-routes.ts)", () => {
    expect([...new Set(guardedPaths(routes))].sort()).toEqual([...MEMBER_ROUTES].sort());
  });
});
