import { type ImgHTMLAttributes, useState } from "react";

/** An image that swaps to a shipped fallback when its URL is missing or broken (ruling 11). */
export function FallbackImage({
  src,
  fallback,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src?: string | null;
  fallback: string;
  alt: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : fallback;
  return (
    <img
      {...rest}
      src={usable}
      alt={alt}
      onError={() => {
        if (usable !== fallback) setFailedSrc(usable);
      }}
    />
  );
}
