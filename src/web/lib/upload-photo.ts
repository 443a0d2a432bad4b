import { useMutation } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { UploadedPhoto } from "#shared/schemas/upload.ts";
import { ApiClientError, apiClient } from "#web/lib/api-client.ts";

/**
 * How often a photo is sent again when the server is busy decoding others (503 with Retry-After), and the
 * longest wait taken for it: beyond that the person is better told, and chooses.
 */
const BUSY_RETRIES = 2;
const LONGEST_BUSY_WAIT_SECONDS = 30;

/** Resolves after `seconds`, or rejects with an AbortError as soon as `signal` aborts. */
function pause(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }, seconds * 1000);
    if (signal?.aborted) aborted();
    else signal?.addEventListener("abort", aborted, { once: true });
  });
}

/**
 * POST /api/uploads: the photo as multipart/form-data, reporting how much of it has been sent. When the
 * server is busy with other photos it says when to come back; the photo is sent again then, twice at
 * most, before its busy message is shown.
 */
async function uploadPhoto(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedPhoto> {
  for (let attempt = 0; ; attempt++) {
    const form = new FormData();
    form.append("file", file);
    try {
      return await apiClient.sendForm<UploadedPhoto>("/uploads", form, options);
    } catch (error) {
      const busy =
        error instanceof ApiClientError &&
        error.status === 503 &&
        error.retryAfter !== undefined &&
        error.retryAfter <= LONGEST_BUSY_WAIT_SECONDS;
      if (!busy || attempt >= BUSY_RETRIES) throw error;
      options.onProgress?.(0);
      await pause(error.retryAfter ?? 1, options.signal);
    }
  }
}

/**
 * Uploads one photo at a time: `progress` is the share sent (0 to 1) while it uploads, `cancel()` stops
 * it and forgets it. The error is the server's message for a refused photo (413, 415, 429, or 503 when it stayed busy).
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
