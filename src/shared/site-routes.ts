/**
 * Every page of the web app, as path patterns (`:name` is one path segment). The server answers the app
 * with 200 for these and 404 for any other path (the app then shows its 404 page); the web app's router
 * and `config/paths.ts` must stay within this list (a web test checks it).
 */
export const SITE_ROUTES = [
  "/",
  "/explore-gardeners",
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
  "/privacy",
  "/terms",
] as const;

const patterns = SITE_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`.replace("^//?$", "^/$")),
);

/** Whether `pathname` is a page of the web app. */
export function isSiteRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
