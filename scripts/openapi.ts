/**
 * Writes the API's OpenAPI document to a file (default dist/openapi.json), built by the app itself on a
 * throwaway in-memory database: `node --import tsx scripts/openapi.ts [file]`. npm test lints it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApp } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/client.ts";

const out = path.resolve(process.argv[2] ?? "dist/openapi.json");
const database = await openDatabase({});
await database.migrate();
const app = createApp({
  db: database.db,
  authSecret: "openapi-document-only-not-a-real-secret-0123456789",
  config: { BASE_URL: "http://localhost:3000" },
});
const res = await app.request("http://localhost:3000/api/openapi.json");
if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(await res.json(), null, 2)}\n`);
await database.close();
console.log(`OpenAPI document written to ${path.relative(process.cwd(), out)}`);
