import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { PASSWORD_POLICY, type User } from "#shared/schemas/auth.ts";
import type { Profile } from "#shared/schemas/gardener.ts";
import { DEFAULT_SETTINGS } from "#shared/schemas/settings.ts";
import type { Tip } from "#shared/schemas/tip.ts";
import type { UploadedPhoto } from "#shared/schemas/upload.ts";

/**
 * The API as the web tests see it: Mock Service Worker answers the app's real fetch calls, so a page
 * test goes through the API client, the query cache and the mutations exactly as the site does. Tests
 * add their own handlers with `server.use(...)`; a call nobody answers fails the test.
 */
export const server = setupServer(
  http.get("*/api/config", () => HttpResponse.json({ social: {}, googleSignIn: false })),
  http.get("*/api/auth/password-policy", () => HttpResponse.json(PASSWORD_POLICY)),
  http.get("*/api/auth/get-session", () => HttpResponse.json(null)),
  // The site has added no crops to the calendar's shipped list (the pages carry that one).
  http.get("*/api/crops", () => HttpResponse.json({ about: "", licence: "CC0-1.0", crops: [] })),
);

/** The signed-in member's own gardener page, as GET /api/profile answers it. */
export function aProfile(user: User, overrides: Partial<Profile> = {}): Profile {
  return {
    handle: user.name.toLowerCase().replace(/[^a-z0-9]+/g, "_"),
    name: user.name,
    image: user.image ?? "http://localhost/images/default-avatar.svg",
    status: "inactive",
    memberSince: "2026-01-01T00:00:00.000Z",
    totalSharedTips: 0,
    totalLikesReceived: 0,
    followers: 0,
    following: 0,
    listed: true,
    ...overrides,
  };
}

/** Answers get-session as this user being signed in, their own profile, settings, nothing saved or unread. */
export function signInAs(user: User) {
  server.use(
    http.get("*/api/profile", () => HttpResponse.json(aProfile(user))),
    // Nothing decided about what they posted, and nobody blocked, unless a test says otherwise.
    http.get("*/api/moderation/notices", () => HttpResponse.json([])),
    http.get("*/api/blocks", () => HttpResponse.json([])),
    // Nothing set in their own settings, no tip saved or muted.
    http.get("*/api/settings", () => HttpResponse.json(DEFAULT_SETTINGS)),
    // No copy of their data asked for yet.
    http.get("*/api/account/export", () => HttpResponse.json({ latest: null, nextAllowedAt: null })),
    http.get("*/api/moderation/data-requests", () => HttpResponse.json([])),
    http.get("*/api/tips/:id/mute", () => HttpResponse.json({ muted: false, mutedThreads: [] })),
    http.get("*/api/notifications/unread-count", () => HttpResponse.json({ count: 0, fromNewcomers: 0 })),
    http.get("*/api/tips/:id/bookmark", () =>
      HttpResponse.json({ bookmarked: false, note: "", remindAt: null, remindSeason: null }),
    ),
    http.get("*/api/auth/get-session", () =>
      HttpResponse.json({
        user: { ...user, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" },
        session: { id: "session-1", expiresAt: "2099-01-01T00:00:00.000Z" },
      }),
    ),
  );
}

let counter = 0;

/** POST /api/uploads's answer for the photo `hash`, stored as the server stores it at http://localhost. */
export function anUpload(hash: string, width: number, height: number): UploadedPhoto {
  const folder = "http://localhost/uploads/";
  const url = `${folder}${hash}-${width}x${height}.webp`;
  const copies = [480, 960, 1440].filter((w) => w < width).map((w) => `${folder}${hash}-${w}w.webp ${w}w`);
  return { url, hash, width, height, srcSet: [...copies, `${url} ${width}w`].join(", ") };
}

export function aUser(overrides: Partial<User> = {}): User {
  counter += 1;
  return {
    id: `user-${counter}`,
    name: `Gardener ${counter}`,
    email: `gardener${counter}@example.com`,
    image: null,
    emailVerified: true,
    role: "member",
    held: false,
    ...overrides,
  };
}

export function aTip(overrides: Partial<Tip> = {}): Tip {
  counter += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    title: `Tip number ${counter}`,
    plantType: "Tomato",
    difficulty: "Easy",
    description: "Water deeply and less often, early in the morning.",
    images: "http://localhost/images/tips/tomato.svg",
    category: "Vegetables",
    availability: "Public",
    name: "Someone",
    email: "someone@example.com",
    authorHandle: "someone",
    crops: [],
    totalLiked: 0,
    totalComments: 0,
    createdAt: "2026-05-01T10:00:00.000Z",
    ...overrides,
  };
}

/** A list answer as the API gives it: the page as a JSON array, the total in X-Total-Count. */
export function listResponse<T>(items: T[], total = items.length) {
  return HttpResponse.json(items, { headers: { "X-Total-Count": String(total) } });
}

export { HttpResponse, http };
