import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CropPage } from "#shared/schemas/crop-page.ts";
import { type ApiClient, apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import type { GardenPlace } from "../place.ts";

/** Tips a crop page shows at once. */
export const CROP_TIPS_PAGE = 6;

/**
 * A page of the community's tips about `slug`, those of gardeners who garden like the reader first: the
 * reader's place goes in the address (the server keeps none of it), so every reader of one place shares
 * one cached answer. Without a place, the page the server renders with (`cropTipsQueryOptions`).
 */
export function cropTipsQueryOptions(
  slug: string,
  place: GardenPlace | null,
  page: number,
  client: ApiClient = apiClient,
) {
  const params = {
    limit: CROP_TIPS_PAGE,
    offset: (page - 1) * CROP_TIPS_PAGE,
    ...(place
      ? {
          hemisphere: place.hemisphere,
          ...(place.frostFree ? { frostFree: "true" } : { lastFrost: place.lastFrost }),
        }
      : {}),
  };
  return queryOptions({
    queryKey: queryKeys.tips.crop(slug, params),
    queryFn: ({ signal }) => client.get<CropPage>(`/crops/${encodeURIComponent(slug)}`, { params, signal }),
  });
}

export function useCropTips(slug: string, place: GardenPlace | null, page: number, enabled = true) {
  return useQuery({
    ...cropTipsQueryOptions(slug, place, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}
