import type { ImgHTMLAttributes } from "react";
import { DEFAULT_TIP_IMAGE } from "#shared/constants.ts";
import { FallbackImage } from "#web/components/ui/fallback-image.tsx";

/** A tip's picture, falling back to the default plant image when missing or broken (ruling 11). */
export function TipImage({
  src,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null | undefined; alt: string }) {
  return (
    <FallbackImage src={src} fallback={DEFAULT_TIP_IMAGE} alt={alt} referrerPolicy="no-referrer" {...rest} />
  );
}
