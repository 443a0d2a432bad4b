import type { TestProject } from "vitest/node";
import { pgliteSnapshot, pruneOldSnapshots } from "./migrated-templates.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/** For the PGlite run of the server tests: the migrated data folder every test database starts from. */
export default async function setup(project: TestProject) {
  const snapshot = await pgliteSnapshot();
  pruneOldSnapshots(snapshot);
  project.provide("pgliteSnapshot", snapshot);
}
