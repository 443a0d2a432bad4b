/**
 * Every page of the web app, as path patterns (`:name` is one path segment). The server answers the app
 * with 200 for these and 404 for any other path (the app then shows its 404 page); the web app's router
 * and `config/paths.ts` must stay within this list (a web test checks it).
 */
export const SITE_ROUTES = [
  "/",
  "/explore-gardeners",
  "/gardeners/:handle",
  "/browse-tips",
  "/share-garden-tip",
  "/share-a-garden-tip",
  "/my-tips",
  "/tips/:id",
  "/update-tip/:id",
  "/dashboard",
  "/dashboard/all-tips",
  "/dashboard/my-tips",
  "/dashboard/add-tip",
  "/auth/login",
  "/auth/signup",
  "/auth/reset",
  "/profile",
  "/reports",
  "/moderation",
  "/moderation/log",
  "/appeal",
  "/moderation-report",
  "/privacy",
  "/terms",
] as const;

/**
 * The pages behind sign-in (the router's RequireAuth; a web test checks they match): a member's own, kept
 * out of search engines (`X-Robots-Tag: noindex` from the server, a robots meta tag in the page).
 */
export const MEMBER_ROUTES = [
  "/share-garden-tip",
  "/my-tips",
  "/tips/:id",
  "/update-tip/:id",
  "/dashboard",
  "/dashboard/all-tips",
  "/dashboard/my-tips",
  "/dashboard/add-tip",
  "/profile",
  "/reports",
  "/moderation",
  "/moderation/log",
] as const satisfies ReadonlyArray<(typeof SITE_ROUTES)[number]>;

const patternOf = (route: string) =>
  new RegExp(`^${route.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`.replace("^//?$", "^/$"));
const patterns = SITE_ROUTES.map(patternOf);
const memberPatterns = MEMBER_ROUTES.map(patternOf);

/** Whether `pathname` is a page of the web app. */
export function isSiteRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/** Whether `pathname` is a page behind sign-in. */
export function isMemberPage(pathname: string): boolean {
  return memberPatterns.some((pattern) => pattern.test(pathname));
}
