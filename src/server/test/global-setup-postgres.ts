import type { TestProject } from "vitest/node";
import { postgresTemplate } from "./migrated-templates.ts";
import { startThrowawayCluster } from "./postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** A migrated database that test databases are made from (see migrated-templates.ts). */
    postgresTemplate: string;
  }
}

/**
 * For the PostgreSQL run of the server tests: uses DATABASE_URL when given, otherwise starts a
 * throwaway cluster for the run. Each test file then gets a database of its own (see test-db.ts).
 */
export default async function setup(project: TestProject) {
  const given = process.env.DATABASE_URL;
  const cluster = given ? null : await startThrowawayCluster();
  const adminUrl = given ?? (cluster?.url as string);
  try {
    project.provide("postgresAdminUrl", adminUrl);
    project.provide("postgresTemplate", await postgresTemplate(adminUrl));
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
  return cluster ? () => cluster.stop() : undefined;
}
