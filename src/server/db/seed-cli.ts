/** `npm run seed`: loads the demo data into the configured database, adding only what is missing. */
import { ensureDataDir, loadEnv } from "../env.ts";
import { openDatabase } from "./client.ts";
import { seedDemoData } from "./seed.ts";

try {
  const env = loadEnv();
  if (!env.DATABASE_URL) ensureDataDir(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const result = await seedDemoData(database.db);
    console.log(`Seeded ${database.location}: ${result.gardeners} gardeners and ${result.tips} tips added.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
