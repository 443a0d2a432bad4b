import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import type { PhotoView } from "#shared/schemas/photo.ts";
import { FallbackImage } from "./fallback-image.tsx";

export function Avatar({
  src,
  photo,
  name,
  size = 40,
}: {
  src: string | null | undefined;
  /** An uploaded photo's narrower copies, as the API answers them. */
  photo?: PhotoView | undefined;
  name: string;
  size?: number;
}) {
  return (
    <FallbackImage
      src={src}
      photo={photo}
      fallback={DEFAULT_AVATAR_IMAGE}
      alt={name}
      width={size}
      height={size}
      sizes={`${size}px`}
      referrerPolicy="no-referrer"
      className="rounded-full bg-base-200 object-cover ring-2 ring-primary/40"
      style={{ width: size, height: size }}
    />
  );
}
