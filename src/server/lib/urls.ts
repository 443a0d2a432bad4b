import { photoVariantName, photoVariantWidths } from "#shared/photos.ts";
import type { PhotoView } from "#shared/schemas/photo.ts";
import type { StoredPhoto } from "../db/photo-columns.ts";
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

/** How a request's answers show a row's image; see `imagesOf`. */
export interface Images {
  /**
   * The address of the image a row shows: its uploaded photo at today's storage address, else the picture
   * it links (a shipped one under today's BASE_URL), else `fallback`.
   */
  url(linked: string | null | undefined, photo: StoredPhoto | null | undefined, fallback: string): string;
  /** The uploaded photo's size and narrower copies, as `{ photo }` to spread into an answer; `{}` for none. */
  view(photo: StoredPhoto | null | undefined): { photo?: PhotoView };
}

/**
 * How this request's answers show stored images. An uploaded photo is a record (ADR 063): its address is
 * built here from the storage the site has today, so a site that moves or changes its bucket keeps every
 * photo, and no stored row holds an address of ours.
 */
export function imagesOf(c: ContextWithVars): Images {
  return imagesFor(c.var.storage, siteOrigin(c));
}

/** `imagesOf` for a storage and an origin, where there is no request. */
export function imagesFor(storage: Pick<PhotoStorage, "publicUrl">, origin: string): Images {
  return {
    url(linked, photo, fallback) {
      if (photo) return storage.publicUrl(photo.key);
      return absoluteUrl(linked || fallback, origin);
    },
    view(photo) {
      if (!photo) return {};
      const url = storage.publicUrl(photo.key);
      const copies = photoVariantWidths(photo.width).map(
        (width) => `${storage.publicUrl(photoVariantName(photo.hash, width))} ${width}w`,
      );
      return {
        photo: {
          width: photo.width,
          height: photo.height,
          srcSet: [...copies, `${url} ${photo.width}w`].join(", "),
        },
      };
    },
  };
}

export const DEFAULT_BASE_URL = "http://localhost:3000";
