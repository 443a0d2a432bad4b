import { type ImgHTMLAttributes, useState } from "react";
import { parsePhotoUrl } from "#shared/photos.ts";

/**
 * An image that swaps to a shipped fallback when its URL is missing or broken: a picture linked from
 * elsewhere can vanish at any time. An uploaded photo (ADR 021) also gets its narrower copies as `srcset`,
 * chosen by `sizes`: the width the image is shown at, e.g. "(min-width: 1024px) 33vw, 100vw".
 */
export function FallbackImage({
  src,
  fallback,
  alt,
  sizes = "100vw",
  onError,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src?: string | null;
  fallback: string;
  alt: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : fallback;
  const photo = usable === fallback ? null : parsePhotoUrl(usable);
  return (
    <img
      {...rest}
      src={usable}
      srcSet={photo?.srcSet}
      sizes={photo ? sizes : undefined}
      alt={alt}
      onError={(event) => {
        if (usable !== fallback) setFailedSrc(usable);
        onError?.(event);
      }}
    />
  );
}

/** The width and height attributes of a picture: an uploaded photo's own, or the box's default. */
export function intrinsicSize(src: string | null | undefined, fallback: { width: number; height: number }) {
  const photo = parsePhotoUrl(src);
  return photo ? { width: photo.width, height: photo.height } : fallback;
}
