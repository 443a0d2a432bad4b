// Bundles the server into dist/server/server.mjs; dependencies stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/server.ts"],
  outfile: "dist/server/server.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
