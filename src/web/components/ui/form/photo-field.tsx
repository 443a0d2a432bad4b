import { ImageUp, Trash2, X } from "lucide-react";
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { DEFAULT_TIP_IMAGE } from "#shared/constants.ts";
import { PHOTO_ACCEPT } from "#shared/photos.ts";
import { HttpUrlSchema } from "#shared/schemas/common.ts";
import { FallbackImage, intrinsicSize } from "#web/components/ui/fallback-image.tsx";
import { useUploadPhoto } from "#web/lib/upload-photo.ts";
import { TextField } from "./fields.tsx";
import { usePendingUploads } from "./pending-uploads.ts";

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** Progress is announced in quarters: every percent would drown a screen reader. */
const announced = (fraction: number) => Math.floor(fraction * 4) * 25;

interface PhotoFieldProps {
  /** The form field holding the photo's URL. */
  name: string;
  /** The label of the address box, for a picture elsewhere on the web. */
  label: ReactNode;
  hint?: ReactNode;
  placeholder?: string;
  className?: string;
  /** Whether the field shows the picture itself (the profile form shows it as the avatar instead). */
  preview?: boolean;
  /** The photo uploaded here that the field starts with, as the API answered it (its URL and size). */
  saved?: UploadedPhotoShown | undefined;
  /** Told of each photo uploaded, as the upload answered it. */
  onUploaded?: (photo: UploadedPhotoShown) => void;
}

/** An uploaded photo as a form knows it: from the upload's answer, or from what was saved. */
export interface UploadedPhotoShown {
  url: string;
  width: number;
  height: number;
  srcSet: string;
}

/**
 * The image field of every form with a picture (a tip's, a profile photo). It takes a photo from the
 * device: a drop zone and a file picker (`accept="image/*"` offers the camera on phones), a progress bar
 * with Cancel while it uploads, the server's message when it refuses the file, a preview, Replace and
 * Remove. An uploaded photo's address is the form's business, not the member's: it is not shown in a box
 * to edit. The address box stays for those who link to a picture elsewhere. A save pressed mid-upload
 * waits for it (see <Form>).
 */
export function PhotoField({
  name,
  label,
  hint,
  placeholder,
  className,
  preview = true,
  saved,
  onUploaded,
}: PhotoFieldProps) {
  const { control, setValue } = useFormContext();
  const value: unknown = useWatch({ control, name });
  const uploads = usePendingUploads();
  const upload = useUploadPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  /** Ends the upload under way for the form at once, whatever the request does after its abort. */
  const abandon = useRef<(reason: DOMException) => void>(() => {});
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState("");
  const [uploadedPhoto, setUploadedPhoto] = useState<UploadedPhotoShown | null>(saved ?? null);
  const helpId = useId();
  const percent = Math.round(upload.progress * 100);

  useEffect(() => {
    if (!upload.isPending) return;
    setStatus(`Uploading photo: ${announced(upload.progress)}%`);
    uploads.report(name, upload.progress);
  }, [upload.isPending, upload.progress, uploads, name]);

  function choose(file: File | undefined) {
    if (!file) return;
    abandon.current(new DOMException("Another photo was chosen", "AbortError"));
    // An answer that arrives after Cancel (or after another file was chosen) is not this field's photo.
    const abandoned = new Promise<never>((_, reject) => {
      abandon.current = reject;
    });
    const done = Promise.race([upload.mutateAsync(file), abandoned]).then((photo) => {
      setUploadedPhoto(photo);
      onUploaded?.(photo);
      setValue(name, photo.url, { shouldDirty: true, shouldValidate: true });
      setStatus("Photo uploaded");
    });
    done.catch((error: unknown) => {
      if (!isAbort(error)) setStatus("The photo was not uploaded");
    });
    uploads.track(name, done);
  }

  function cancel() {
    abandon.current(new DOMException("The upload was cancelled", "AbortError"));
    upload.cancel();
    setStatus("Upload cancelled");
    chooseButton.current?.focus();
  }

  function remove() {
    setValue(name, "", { shouldDirty: true });
    setStatus("Photo removed");
    chooseButton.current?.focus();
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  const text = typeof value === "string" ? value.trim() : "";
  const url = HttpUrlSchema.safeParse(text).success ? text : null;
  // The photo the field holds is one uploaded here when its address is the one the upload answered.
  const uploaded = uploadedPhoto !== null && uploadedPhoto.url === url ? uploadedPhoto : null;
  const refusal = upload.isError && !isAbort(upload.error) ? upload.error.message : null;

  return (
    <fieldset className={`flex min-w-0 flex-col gap-3 ${className ?? ""}`}>
      <legend className="mb-1 text-sm font-medium">Photo</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the button does the same */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex flex-col items-center gap-3 rounded-box border-2 border-dashed p-4 text-center sm:flex-row sm:text-left ${
          dragging ? "border-primary bg-primary/10" : "border-base-300 bg-base-200/40"
        }`}
      >
        {preview && url && (
          <FallbackImage
            src={url}
            photo={uploaded ?? undefined}
            fallback={DEFAULT_TIP_IMAGE}
            alt="Preview of the chosen photo"
            {...intrinsicSize(uploaded, { width: 160, height: 120 })}
            sizes="160px"
            className="h-30 w-40 shrink-0 rounded-field bg-base-200 object-cover"
          />
        )}
        <div className="flex min-w-0 flex-col items-center gap-2 sm:items-start">
          {/* Touch screens have nothing to drag from: they are only offered the button. */}
          <p className="text-sm pointer-coarse:hidden">
            <ImageUp aria-hidden="true" className="mr-1 inline size-4 align-[-2px]" />
            {url ? "Drag another photo here, or" : "Drag a photo here, or"}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <button
              ref={chooseButton}
              type="button"
              className="btn btn-sm btn-outline btn-primary"
              aria-describedby={helpId}
              onClick={() => fileInput.current?.click()}
            >
              {url ? "Replace photo" : "Choose a photo"}
            </button>
            {url && !upload.isPending && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={remove}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove photo
              </button>
            )}
          </div>
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_ACCEPT}
            hidden
            aria-label="Photo file"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // Choosing the same file again after a cancel must still start an upload.
              event.target.value = "";
            }}
          />
          <p id={helpId} className="text-xs text-base-content/70">
            JPEG, PNG, WebP, AVIF or HEIC, up to 10 MB. Where it was taken and other hidden details are
            removed.
          </p>
        </div>
      </div>
      {upload.isPending && (
        <div className="flex items-center gap-3">
          <progress
            className="progress progress-primary w-full"
            value={percent}
            max={100}
            aria-label="Uploading photo"
          />
          <span className="w-10 shrink-0 text-right text-sm tabular-nums" aria-hidden="true">
            {percent}%
          </span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={cancel}>
            <X aria-hidden="true" className="size-4" />
            Cancel upload
          </button>
        </div>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
      {refusal && (
        <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-sm font-medium text-error">
          {refusal}
        </p>
      )}
      {!uploaded && (
        <TextField
          name={name}
          label={label}
          hint={hint ?? "Or the address of a picture on the web."}
          placeholder={placeholder}
          type="url"
        />
      )}
    </fieldset>
  );
}
