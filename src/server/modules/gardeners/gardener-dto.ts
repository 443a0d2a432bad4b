import { DEFAULT_AVATAR_IMAGE, teamRoleOf } from "#shared/constants.ts";
import type { Gardener, GardenerPage, Profile } from "#shared/schemas/gardener.ts";
import { holdOf } from "#shared/schemas/hold.ts";
import type { Images } from "../../lib/urls.ts";
import type { GardenerListRow } from "./gardener-list.ts";
import type { GardenerPageRow } from "./gardeners.service.ts";

/**
 * A gardener's card as the API answers it: absolute image URL (the default avatar when none), empty extras
 * left out. A member's card carries no e-mail, and age and gender only when they filled them in.
 */
export function toGardener(row: GardenerListRow, images: Images): Gardener {
  return {
    id: row.id ?? row.handle ?? "",
    handle: row.handle,
    name: row.name,
    image: images.url(row.image, row.photo, DEFAULT_AVATAR_IMAGE),
    ...images.view(row.photo),
    status: row.status,
    ...(row.email === null ? {} : { email: row.email }),
    age: row.age,
    gender: row.gender,
    experiences: row.experiences,
    // Optional card fields are left out when empty, so clients can simply test for presence.
    ...(row.location ? { location: row.location } : {}),
    ...(row.certifications.length > 0 ? { certifications: row.certifications } : {}),
    ...(row.gardenName ? { gardenName: row.gardenName } : {}),
    ...(row.youtube ? { youtube: row.youtube } : {}),
    totalSharedTips: row.totalSharedTips,
    ...teamRoleOf(row.role),
  };
}

/**
 * A gardener's page as the API answers it. A demo gardener's is their card; a member's is their account's
 * profile, with no e-mail ever, and each optional field only when they filled it in.
 */
export function toGardenerPage(row: GardenerPageRow, images: Images): GardenerPage {
  const { account, card } = row;
  const counts = {
    memberSince: account.createdAt.toISOString(),
    totalSharedTips: row.totalSharedTips,
    totalLikesReceived: row.totalLikesReceived,
    followers: row.followers,
    following: row.following,
  };
  if (card) {
    const {
      id: _id,
      handle: _handle,
      totalSharedTips: _counted,
      ...shown
    } = toGardener({ ...card, handle: account.handle, role: account.role, photo: null }, images);
    return {
      handle: account.handle,
      ...shown,
      age: shown.age ?? undefined,
      gender: shown.gender ?? undefined,
      experiences: shown.experiences ?? undefined,
      ...counts,
    };
  }
  const given = <K extends string, V>(key: K, value: V | null) =>
    (value === null || value === "" ? {} : { [key]: value }) as Partial<Record<K, V>>;
  return {
    handle: account.handle,
    name: account.name,
    image: images.url(account.image, account.photo, DEFAULT_AVATAR_IMAGE),
    ...images.view(account.photo),
    status: row.recentlyShared ? "active" : "inactive",
    ...given("bio", account.bio),
    ...given("age", account.age),
    ...given("gender", account.gender),
    ...given("experiences", account.experiences),
    ...given("location", account.location),
    ...(account.certifications.length > 0 ? { certifications: account.certifications } : {}),
    ...given("gardenName", account.gardenName),
    ...given("youtube", account.youtube),
    ...counts,
    ...teamRoleOf(account.role),
  };
}

/** The member's own page, with their choice of being listed on Explore Gardeners. */
export function toProfile(row: GardenerPageRow, images: Images): Profile {
  const hold = holdOf({
    hold: row.account.pageHold,
    authorHeld: row.account.held,
    holdReviewAskedAt: row.account.pageHoldReviewAskedAt,
  });
  // Only the member is told why their page is hidden, here: everyone else is answered a placeholder.
  return { ...toGardenerPage(row, images), listed: row.account.listed, ...(hold ? { hold } : {}) };
}
