/**
 * Images shipped with the app are stored as root-relative paths (/images/...), so the data does not
 * depend on where the site is served from. The API answers absolute http(s) URLs (ruling 11), made
 * against the origin the client used.
 */
export function absoluteUrl(value: string, origin: string): string {
  return value.startsWith("/") ? new URL(value, origin).toString() : value;
}

export function requestOrigin(requestUrl: string): string {
  return new URL(requestUrl).origin;
}
