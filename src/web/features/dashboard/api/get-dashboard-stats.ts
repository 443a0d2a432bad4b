import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "#shared/schemas/dashboard.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const getDashboardStats = (signal?: AbortSignal) =>
  apiClient.get<DashboardStats>("/dashboard/stats", { signal });

const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard.stats(), queryFn: ({ signal }) => getDashboardStats(signal) });

/** The overview's figures and its charts' data, for the signed-in user. */
export const useDashboardStats = () => useQuery(dashboardStatsQueryOptions());
