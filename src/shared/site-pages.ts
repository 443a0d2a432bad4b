/**
 * A page of the web app as the server needs to know it: its path pattern (`:name` is one path segment) and
 * whether it is behind sign-in (a member's own: kept out of search engines). The web app declares its
 * pages once (src/web/config/paths.ts); `npm run build` writes this list of them into dist/shell.json for
 * the server, which imports no code of the web app.
 */
export interface SitePage {
  path: string;
  member: boolean;
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`.replace("^//?$", "^/$"));

/** Finds the page among `pages` that a URL's path shows, if any (a trailing slash is the same page). */
export function pageFinder(pages: readonly SitePage[]): (pathname: string) => SitePage | undefined {
  const patterns = pages.map((page) => ({ page, pattern: patternOf(page.path) }));
  return (pathname) => patterns.find(({ pattern }) => pattern.test(pathname))?.page;
}
