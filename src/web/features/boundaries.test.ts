import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A feature never imports another feature nor app/: features meet in app/'s routes, and what two features
 * need lives in a shared layer (components/, lib/, hooks/, config/). One check covers every folder under
 * features/, so a feature added tomorrow is held to it without being named anywhere (ADR 062).
 */
const features = path.resolve(import.meta.dirname);
const web = path.dirname(features);

/** Every module a file names: static and dynamic imports, re-exports and the mocks of its tests. */
const specifiers = /(?:\bfrom|\bimport|\bvi\.(?:mock|doMock|importActual))\s*\(?\s*["'`]([^"'`]+)["'`]/g;

/** Where `file`'s imports leave its feature, as "file:line: what it imports (why not)". */
function crossings(file: string, code: string): string[] {
  const own = path.relative(features, file).split(path.sep)[0];
  const found: string[] = [];
  for (const match of code.matchAll(specifiers)) {
    const specifier = match[1] ?? "";
    const relative = specifier.startsWith(".");
    if (!relative && !specifier.startsWith("#web/")) continue;
    const target = relative
      ? path.resolve(path.dirname(file), specifier)
      : path.join(web, specifier.slice("#web/".length));
    const [layer, name] = path.relative(web, target).split(path.sep);
    let why: string | null = null;
    if (layer === "features" && name !== own) why = `another feature, ${name}`;
    else if (layer === "app") why = "app/, which composes features";
    // A way out of the feature is an alias, so that every other rule (Biome's too) can read where it goes.
    else if (relative && !(layer === "features" && name === own)) why = `a relative path out of ${own}`;
    if (why === null) continue;
    const line = code.slice(0, match.index).split("\n").length;
    found.push(`${path.relative(web, file)}:${line}: ${specifier} (${why})`);
  }
  return found;
}

function featureFiles(): string[] {
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(path.join(features, entry.name), { recursive: true })
        .map((name) => path.join(features, entry.name, String(name)))
        .filter((file) => /\.tsx?$/.test(file)),
    );
}

describe("feature boundaries", () => {
  it("no feature imports another feature or app/", () => {
    const files = featureFiles();
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((file) => crossings(file, readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("names the file and line of each way out, however it is written", () => {
    const file = path.join(features, "tips", "components", "tip-view.tsx");
    const code = [
      'import { Button } from "#web/components/ui/button.tsx";',
      'import { useTip } from "../api/get-tip.ts";',
      'import { CommentsSection } from "#web/features/comments/components/comments-section.tsx";',
      'import { MyReports } from "../../moderation/components/my-reports.tsx";',
      'const Route = lazy(() => import("#web/app/routes/tip.tsx"));',
      'export { paths } from "../../../config/paths.ts";',
      'vi.mock("#web/features/gardeners/api/get-gardener.ts");',
      'import type { Tip } from "#shared/schemas/tip.ts";',
    ].join("\n");
    expect(crossings(file, code)).toEqual([
      "features/tips/components/tip-view.tsx:3: #web/features/comments/components/comments-section.tsx (another feature, comments)",
      "features/tips/components/tip-view.tsx:4: ../../moderation/components/my-reports.tsx (another feature, moderation)",
      "features/tips/components/tip-view.tsx:5: #web/app/routes/tip.tsx (app/, which composes features)",
      "features/tips/components/tip-view.tsx:6: ../../../config/paths.ts (a relative path out of tips)",
      "features/tips/components/tip-view.tsx:7: #web/features/gardeners/api/get-gardener.ts (another feature, gardeners)",
    ]);
  });
});
