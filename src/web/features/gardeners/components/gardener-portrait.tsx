import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import type { Gardener } from "#shared/schemas/gardener.ts";
import { FallbackImage } from "#web/components/ui/fallback-image.tsx";

/**
 * A gardener's round portrait, on their card and atop their page: their picture, or the site's default
 * avatar when they have none or it no longer loads. `size` is the largest it is drawn at, in CSS pixels.
 */
export function GardenerPortrait({
  gardener,
  size,
  lazy = false,
  className,
}: {
  gardener: Pick<Gardener, "image" | "photo" | "name">;
  size: number;
  lazy?: boolean;
  className: string;
}) {
  return (
    <FallbackImage
      src={gardener.image}
      photo={gardener.photo}
      fallback={DEFAULT_AVATAR_IMAGE}
      alt={`Portrait of ${gardener.name}`}
      width={size}
      height={size}
      sizes={`${size}px`}
      loading={lazy ? "lazy" : "eager"}
      className={`shrink-0 rounded-full bg-base-200 object-cover ${className}`}
    />
  );
}
