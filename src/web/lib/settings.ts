import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Settings, SettingsUpdate } from "#shared/schemas/settings.ts";
import { isTimeZone } from "#shared/seasons.ts";
import { apiClient } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

/** The time zone this browser's clock is set to, as the server knows zones; UTC when it cannot tell. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** The signed-in member's own settings; asked only while someone is signed in. */
export const useSettings = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => apiClient.get<Settings>("/settings", { signal }),
    enabled,
  });

/** Changes some of the member's settings; what the server answers is what every reader then shows. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) => apiClient.send<Settings>("PATCH", "/settings", update),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}
