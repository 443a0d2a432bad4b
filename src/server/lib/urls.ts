import { isPhotoFileName } from "#shared/photos.ts";
import type { PhotoStorage } from "../storage/photo-storage.ts";
import type { ContextWithVars } from "./app-env.ts";

/**
 * Images shipped with the app are stored as root-relative paths (/images/...), so the data does not
 * depend on where the site is served from. The API answers absolute http(s) URLs, the only
 * kind an image field accepts, so a client never has to know the site's origin.
 */
function absoluteUrl(value: string, origin: string): string {
  return value.startsWith("/") ? new URL(value, origin).toString() : value;
}

/**
 * The site's origin, from BASE_URL: never from the request's Host header, which any client can forge
 * and which would then end up in answers others read (ADR 014).
 */
function siteOrigin(c: ContextWithVars): string {
  return new URL(c.var.config.BASE_URL ?? DEFAULT_BASE_URL).origin;
}

/**
 * An image as it is stored. An uploaded photo is kept as its root-relative path (/uploads/<name>), as
 * shipped images are (/images/...), so the data does not depend on BASE_URL or S3_PUBLIC_URL: a site that
 * moves keeps its photos. A form sends the photo's address as the upload answered it; any other URL (a
 * picture linked from elsewhere) is kept as it is.
 */
export function storedImage(url: string, storage: Pick<PhotoStorage, "publicUrl">): string {
  if (uploadedName(url)) return url;
  const name = url.slice(url.lastIndexOf("/") + 1);
  return isPhotoFileName(name) && storage.publicUrl(name) === url ? `/uploads/${name}` : url;
}

/** The file name of an uploaded photo stored as /uploads/<name>, or null. */
function uploadedName(stored: string): string | null {
  if (!stored.startsWith("/uploads/")) return null;
  const name = stored.slice("/uploads/".length);
  return isPhotoFileName(name) ? name : null;
}

/**
 * How this request's answers show stored images: an uploaded photo at today's storage address, a shipped
 * image under today's BASE_URL, any other URL as it is.
 */
export function imageUrls(c: ContextWithVars): (stored: string) => string {
  const origin = siteOrigin(c);
  const { storage } = c.var;
  return (stored) => {
    const name = uploadedName(stored);
    return name ? storage.publicUrl(name) : absoluteUrl(stored, origin);
  };
}

export const DEFAULT_BASE_URL = "http://localhost:3000";
