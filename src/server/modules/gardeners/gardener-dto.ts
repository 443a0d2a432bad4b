import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import type { Gardener } from "#shared/schemas/gardener.ts";
import type { GardenerRow } from "./gardeners.service.ts";

/** A gardener as the API answers it: absolute image URL (the default avatar when none), empty extras left out. */
export function toGardener(row: GardenerRow, imageUrl: (stored: string) => string): Gardener {
  return {
    id: row.id,
    name: row.name,
    image: imageUrl(row.image || DEFAULT_AVATAR_IMAGE),
    status: row.status,
    email: row.email,
    age: row.age,
    gender: row.gender,
    experiences: row.experiences,
    // Optional card fields are left out when empty, so clients can simply test for presence.
    ...(row.location ? { location: row.location } : {}),
    ...(row.certifications.length > 0 ? { certifications: row.certifications } : {}),
    ...(row.gardenName ? { gardenName: row.gardenName } : {}),
    ...(row.youtube ? { youtube: row.youtube } : {}),
    totalSharedTips: row.totalSharedTips,
  };
}
