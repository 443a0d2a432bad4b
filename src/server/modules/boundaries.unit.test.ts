import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Modules talk through what each one offers in its index.ts: code outside a module (another module,
 * app.ts, server.ts, lib/) never imports a module's own files, so a module can change them freely. Tests
 * may look inside the module they test.
 */
const server = path.resolve(import.meta.dirname, "..");
const modules = path.join(server, "modules");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

describe("module boundaries", () => {
  it("no code reaches into another module past its index.ts", () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(server)) {
      const code = readFileSync(file, "utf8");
      for (const [, target = ""] of code.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
        const resolved = path.resolve(path.dirname(file), target);
        const relative = path.relative(modules, resolved);
        if (relative.startsWith("..")) continue;
        const [module, ...rest] = relative.split(path.sep);
        const inside = path.relative(path.join(modules, module ?? ""), file);
        if (!inside.startsWith("..")) continue;
        if (rest.join("/") !== "index.ts") crossings.push(`${path.relative(server, file)} -> ${relative}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
