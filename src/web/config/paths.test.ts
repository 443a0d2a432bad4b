import { describe, expect, it } from "vitest";
import { SITE_ROUTES } from "#shared/site-routes.ts";
import { paths } from "./paths.ts";

/** Every route pattern of `paths`, the dashboard's children written in full. */
function patterns(): string[] {
  const found: string[] = [];
  const walk = (node: unknown, parent: string) => {
    if (!node || typeof node !== "object") return;
    if ("path" in node && typeof node.path === "string") {
      found.push(node.path.startsWith("/") ? node.path : `${parent}/${node.path}`);
      return;
    }
    const root = "root" in node && node.root && typeof node.root === "object" && "path" in node.root;
    const base = root ? String((node.root as { path: string }).path) : parent;
    for (const child of Object.values(node)) walk(child, base);
  };
  walk(paths, "");
  return found;
}

describe("paths", () => {
  it("names exactly the pages the server answers with 200 (shared/site-routes.ts)", () => {
    expect([...patterns()].sort()).toEqual([...SITE_ROUTES].sort());
  });
});
