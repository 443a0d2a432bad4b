import type { ContextWithVars } from "./app-env.ts";

/**
 * Images shipped with the app are stored as root-relative paths (/images/...), so the data does not
 * depend on where the site is served from. The API answers absolute http(s) URLs, the only
 * kind an image field accepts, so a client never has to know the site's origin.
 */
export function absoluteUrl(value: string, origin: string): string {
  return value.startsWith("/") ? new URL(value, origin).toString() : value;
}

/**
 * The site's origin, from BASE_URL: never from the request's Host header, which any client can forge
 * and which would then end up in answers others read (ADR 014).
 */
export function siteOrigin(c: ContextWithVars): string {
  return new URL(c.var.config.BASE_URL ?? DEFAULT_BASE_URL).origin;
}

export const DEFAULT_BASE_URL = "http://localhost:3000";
