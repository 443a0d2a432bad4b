import type { ImgHTMLAttributes } from "react";
import { DEFAULT_TIP_IMAGE } from "#shared/constants.ts";
import type { PhotoView } from "#shared/schemas/photo.ts";
import { FallbackImage } from "#web/components/ui/fallback-image.tsx";

/**
 * A tip's own picture, or "" for a tip without one: the answers give such a tip the default plant image's
 * address (absolute, under the site's own), which is nobody's photo.
 */
export function ownImageOf(images: string): string {
  try {
    return new URL(images, "http://localhost").pathname === DEFAULT_TIP_IMAGE ? "" : images;
  } catch {
    return images;
  }
}

/** A tip's picture, falling back to the default plant image when missing or broken. */
export function TipImage({
  src,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null | undefined;
  photo?: PhotoView | undefined;
  alt: string;
}) {
  return (
    <FallbackImage src={src} fallback={DEFAULT_TIP_IMAGE} alt={alt} referrerPolicy="no-referrer" {...rest} />
  );
}

/** The small picture at the start of a row in the tip tables (Browse Tips, My Tips). */
export function TipThumbnail({ tip }: { tip: { images: string; photo?: PhotoView; title: string } }) {
  return (
    <TipImage
      src={tip.images}
      photo={tip.photo}
      alt={tip.title}
      width={80}
      height={60}
      sizes="80px"
      loading="lazy"
      className="h-15 w-20 rounded-field object-cover"
    />
  );
}
