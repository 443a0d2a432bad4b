// Writes the migrated empty embedded database a first start on an empty DATA_DIR begins from (ADR 073).
import path from "node:path";
import { buildInitialDatabase } from "../src/server/db/pglite-migrated.ts";
import { projectRoot } from "../src/server/lib/paths.ts";

const file = await buildInitialDatabase();
console.log(`Wrote the initial embedded database: ${path.relative(projectRoot, file)}`);
