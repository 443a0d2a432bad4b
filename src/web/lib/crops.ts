import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { CROP_FILE } from "#shared/calendar/crop-list.ts";
import type { Crop } from "#shared/calendar/crops.ts";
import { type ApiClient, apiClient } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

/**
 * The crop list, in the page's own code (ADR 090): the calendar computes every date in the browser, so
 * it keeps working without a connection once loaded. The server checks the same file when it starts.
 */
const SHIPPED: readonly Crop[] = CROP_FILE.crops;
const shippedBySlug = new Map(SHIPPED.map((crop) => [crop.slug, crop]));

/** Whether `slug` is a crop the page carries (the site's own are asked for). */
export const isShippedCrop = (slug: string) => shippedBySlug.has(slug);

/** The crops this site's administrators added (ADR 096): usually none, a few bytes. */
export const siteCropsQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: queryKeys.crops.site,
    queryFn: async ({ signal }) =>
      (await client.get<{ crops: Crop[] }>("/crops", { params: { source: "site" }, signal })).crops,
    // They change seldom; a page open for a day asks again now and then.
    staleTime: 10 * 60_000,
  });

export interface Crops {
  /** Every crop: the shipped list, then the site's own once they have come. */
  crops: readonly Crop[];
  bySlug: (slug: string) => Crop | undefined;
  /** Whether the site's crops have come (or could not): until then a slug not shipped may still be one. */
  settled: boolean;
}

/**
 * The crops the calendar knows, for a page that lists or finds them. The shipped ones are there at once
 * (offline too); the site's are asked for once and merged in. With `only`, the site's are asked for only
 * when one of those slugs is not shipped (a tip's crops), so a tip page about shipped crops asks nothing.
 */
export function useCrops({ only }: { only?: readonly string[] } = {}): Crops {
  const needed = only === undefined || only.some((slug) => !shippedBySlug.has(slug));
  const site = useQuery({ ...siteCropsQueryOptions(), enabled: needed });
  const added = site.data;
  const settled = !needed || site.status !== "pending";
  return useMemo(() => {
    if (!added?.length) return { crops: SHIPPED, bySlug: (slug) => shippedBySlug.get(slug), settled };
    const bySlug = new Map([...shippedBySlug, ...added.map((crop) => [crop.slug, crop] as const)]);
    return { crops: [...SHIPPED, ...added], bySlug: (slug) => bySlug.get(slug), settled };
  }, [added, settled]);
}
