import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { GardenerPage, Profile } from "#shared/schemas/gardener.ts";
import type { Tip } from "#shared/schemas/tip.ts";
import { type ApiClient, apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const gardenerPath = (handle: string) => `/gardeners/${encodeURIComponent(handle)}`;

/** `client`: the server's, when it renders the page (the route's `pageData`). */
export const gardenerQueryOptions = (handle: string, client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: queryKeys.gardeners.page(handle),
    queryFn: ({ signal }) => client.get<GardenerPage>(gardenerPath(handle), { signal }),
  });

export const gardenerTipsQueryOptions = (
  handle: string,
  params: { limit: number; offset: number },
  client: ApiClient = apiClient,
) =>
  queryOptions({
    queryKey: queryKeys.gardeners.tips(handle, params),
    queryFn: ({ signal }) => client.list<Tip>(`${gardenerPath(handle)}/tips`, { params, signal }),
  });

/** A gardener's page: their card, bio and counts. */
export const useGardener = (handle: string) => useQuery(gardenerQueryOptions(handle));

/** One page of a gardener's public tips, newest first; the page before stays while the next loads. */
export const useGardenerTips = (handle: string, params: { limit: number; offset: number }) =>
  useQuery({ ...gardenerTipsQueryOptions(handle, params), placeholderData: keepPreviousData });

/** The signed-in member's own page and settings; asked only while someone is signed in. */
export const useProfile = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: queryKeys.gardeners.profile,
    queryFn: ({ signal }) => apiClient.get<Profile>("/profile", { signal }),
    enabled,
  });
