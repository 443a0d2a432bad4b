import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "#web/hooks/use-hydrated.ts";
import { useTheme } from "./theme.ts";

/**
 * The toasts (sonner), loaded when the first toast is asked for, or at once for someone signed in (whose
 * likes, shares and deletes all end in one, even when the connection has gone meanwhile): a visitor who
 * only reads never downloads them (the home page's JavaScript, ADR 022). `toast.success(...)` and
 * `toast.error(...)` may be called at any time; they show once the toaster is on the page.
 */
type Options = { duration?: number };
type Kind = "success" | "error";

let toasterReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  toasterReady = resolve;
});
let wanted = false;
const listeners = new Set<() => void>();
const want = () => {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
};

function show(kind: Kind, message: string, options?: Options) {
  want();
  void ready.then(async () => {
    const { toast: sonner } = await import("sonner");
    sonner[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: Options) => show("success", message, options),
  error: (message: string, options?: Options) => show("error", message, options),
};

const Toaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await import("sonner");
  return {
    default: function LoadedToaster({ theme }: { theme: "light" | "dark" }) {
      return (
        <>
          {/* Top-right, as in the specification, below the navbar so a toast never covers its buttons. */}
          <SonnerToaster
            position="top-right"
            offset={{ top: 76, right: 16 }}
            mobileOffset={{ top: 72 }}
            duration={5000}
            theme={theme}
            richColors
            closeButton
          />
          <ReadyMarker />
        </>
      );
    },
  };
});

/**
 * Mounted after the toaster: its effect runs once the toaster's own have subscribed to new toasts, so a
 * toast asked for before is not lost.
 */
function ReadyMarker() {
  useEffect(() => toasterReady(), []);
  return null;
}

/** Where the toasts appear: rendered from the first toast on, or at once when `eager`. */
export function ToastHost({ eager = false }: { eager?: boolean }) {
  const requested = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
  const { theme } = useTheme();
  // Never in the server's HTML: the toaster is loaded by the browser, after the page has taken over.
  const hydrated = useHydrated();
  if (!hydrated || (!requested && !eager)) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} />
    </Suspense>
  );
}
