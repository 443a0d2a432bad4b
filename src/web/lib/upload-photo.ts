import { useMutation } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { UploadedPhoto } from "#shared/schemas/upload.ts";
import { apiClient } from "#web/lib/api-client.ts";

/** POST /api/uploads: the photo as multipart/form-data, reporting how much of it has been sent. */
function uploadPhoto(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append("file", file);
  return apiClient.sendForm<UploadedPhoto>("/uploads", form, options);
}

/**
 * Uploads one photo at a time: `progress` is the share sent (0 to 1) while it uploads, `cancel()` stops
 * it and forgets it. The error is the server's message for a refused photo (413, 415, 429).
 */
export function useUploadPhoto() {
  const [progress, setProgress] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setProgress(0);
      return uploadPhoto(file, { signal: current.signal, onProgress: setProgress });
    },
  });
  const { reset } = mutation;
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    reset();
  }, [reset]);
  return { ...mutation, progress, cancel };
}
