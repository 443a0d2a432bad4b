import { CircleAlert, RotateCw } from "lucide-react";

export function ErrorState({
  title = "Something went wrong",
  message,
  onRetry,
  retrying = false,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <CircleAlert aria-hidden="true" className="size-12 text-error" />
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-base-content/80">{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
          {retrying ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <RotateCw aria-hidden="true" className="size-4" />
          )}
          Try again
        </button>
      )}
    </div>
  );
}
