import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DataExportStatus, DataRequest } from "#shared/schemas/account-data.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** While a copy is being built, how often the profile asks how far it is. */
const PROGRESS_EVERY_MS = 1500;

const building = (status: DataExportStatus | undefined) =>
  status?.latest?.state === "waiting" || status?.latest?.state === "building";

/** The member's latest copy of their data; asked again every moment while it is being built. */
export const useDataExport = () =>
  useQuery({
    queryKey: queryKeys.dataExport,
    queryFn: ({ signal }) => apiClient.get<DataExportStatus>("/account/export", { signal }),
    refetchInterval: (query) => (building(query.state.data) ? PROGRESS_EVERY_MS : false),
  });

/** Members' requests about their data, for an administrator. */
export const useDataRequests = () =>
  useQuery({
    queryKey: queryKeys.dataRequests,
    queryFn: ({ signal }) => apiClient.get<DataRequest[]>("/moderation/data-requests", { signal }),
  });

/** Asks for a copy; the answer (waiting, with when the next may be asked) is what the profile shows. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.send<DataExportStatus>("POST", "/account/export"),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.dataExport, status),
  });
}
