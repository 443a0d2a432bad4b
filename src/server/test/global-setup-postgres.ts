import type { TestProject } from "vitest/node";
import { startThrowawayCluster } from "./postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/**
 * For the PostgreSQL run of the server tests: uses DATABASE_URL when given, otherwise starts a
 * throwaway cluster for the run. Each test file then gets a database of its own (see test-db.ts).
 */
export default async function setup(project: TestProject) {
  const given = process.env.DATABASE_URL;
  if (given) {
    project.provide("postgresAdminUrl", given);
    return;
  }
  const cluster = await startThrowawayCluster();
  project.provide("postgresAdminUrl", cluster.url);
  return () => cluster.stop();
}
