// Bundles the server into dist/server/server.mjs, and beside it the process that decodes photos
// (photo-worker.mjs) and the embedded database's thread (pglite-thread.mjs), both started by the server;
// dependencies stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: {
    server: "src/server/server.ts",
    "photo-worker": "src/server/modules/uploads/photo-worker.ts",
    "pglite-thread": "src/server/db/pglite-thread.ts",
  },
  outdir: "dist/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  // The server's own modules are a chunk the entry imports once the database is opening (ADR 072). The
  // chunks sit beside the entries: code in them finds photo-worker.mjs and pglite-thread.mjs beside itself.
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
