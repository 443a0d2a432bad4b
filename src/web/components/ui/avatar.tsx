import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import { FallbackImage } from "./fallback-image.tsx";

export function Avatar({
  src,
  name,
  size = 40,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
}) {
  return (
    <FallbackImage
      src={src}
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
