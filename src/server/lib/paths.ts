import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding package.json. Found by walking up from this module, so it is the same whether the
 * server runs from src/ (tsx, tests) or from the bundle in dist/server/.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error("Cannot find the project root (no package.json above the server code)");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsDir = path.join(projectRoot, "drizzle");
export const webDistDir = path.join(projectRoot, "dist", "web");
