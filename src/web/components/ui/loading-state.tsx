/**
 * A spinner with a label screen readers announce. `tall` holds a screen's height for a list that will
 * fill it, so what follows (the footer) is not pulled into view and pushed out again when it arrives.
 */
export function LoadingState({ label = "Loading…", tall = false }: { label?: string; tall?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-start gap-3 py-16 ${tall ? "min-h-[75svh]" : ""}`}
    >
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="text-base-content/80">{label}</span>
    </div>
  );
}

/** The full-screen spinner shown while the app finds out who is signed in. */
export function FullPageLoader({ label = "Loading…" }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex items-center justify-center bg-base-100"
    >
      <span className="loading loading-spinner loading-xl text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
