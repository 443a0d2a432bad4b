import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import type { PhotoView } from "#shared/schemas/photo.ts";

/**
 * An image that swaps to a shipped fallback when its URL is missing or broken: a picture linked from
 * elsewhere can vanish at any time. Every avatar of the site (Avatar) is one, the header's included. An uploaded photo (ADR 021) also gets its narrower copies as `srcset` (its `photo`, as the API answers it),
 * chosen by `sizes`: the width the image is shown at, e.g. "(min-width: 1024px) 33vw, 100vw".
 */
export function FallbackImage({
  src,
  fallback,
  alt,
  photo,
  sizes = "100vw",
  onError,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src?: string | null;
  photo?: Pick<PhotoView, "srcSet"> | undefined;
  fallback: string;
  alt: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : fallback;
  const copies = usable === src ? photo?.srcSet : undefined;
  const image = useRef<HTMLImageElement>(null);
  // A picture in the server's HTML may have failed before the script listened for its error (the header's
  // avatar, on every page): one the browser is done with and drew nothing of is broken too. Not an SVG,
  // which may have no width of its own and still be drawn.
  useEffect(() => {
    const drawn = image.current;
    if (usable === fallback || /\.svg(?:[?#]|$)/i.test(usable)) return;
    if (drawn?.complete && drawn.naturalWidth === 0) setFailedSrc(usable);
  }, [usable, fallback]);
  return (
    <img
      ref={image}
      {...rest}
      src={usable}
      srcSet={copies}
      sizes={copies ? sizes : undefined}
      alt={alt}
      onError={(event) => {
        if (usable !== fallback) setFailedSrc(usable);
        onError?.(event);
      }}
    />
  );
}

/** The width and height attributes of a picture: an uploaded photo's own, or the box's default. */
export function intrinsicSize(
  photo: { width: number; height: number } | null | undefined,
  fallback: { width: number; height: number },
) {
  return photo ? { width: photo.width, height: photo.height } : fallback;
}
