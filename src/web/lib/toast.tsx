import { X } from "lucide-react";
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

/**
 * When sonner's code could not be loaded (the connection went before it came: a phone losing its signal
 * just after the page), the toasts are shown by a plain list of our own for the rest of the page view:
 * the message that the like or the share failed is the one that must not be lost.
 */
let sonnerUnavailable = false;
interface PlainToast {
  id: number;
  kind: Kind;
  message: string;
  duration: number;
}
let plainToasts: PlainToast[] = [];
let nextPlainId = 1;
const plainListeners = new Set<() => void>();
const setPlainToasts = (next: PlainToast[]) => {
  plainToasts = next;
  for (const listener of plainListeners) listener();
};

function show(kind: Kind, message: string, options?: Options) {
  want();
  void ready.then(async () => {
    if (!sonnerUnavailable) {
      try {
        const { toast: sonner } = await import("sonner");
        sonner[kind](message, options);
        return;
      } catch {
        sonnerUnavailable = true;
      }
    }
    const toast = { id: nextPlainId++, kind, message, duration: options?.duration ?? DURATION_MS };
    setPlainToasts([...plainToasts, toast]);
  });
}

/** How long a toast stays, as the specification has it for most of the site. */
const DURATION_MS = 5000;

export const toast = {
  success: (message: string, options?: Options) => show("success", message, options),
  error: (message: string, options?: Options) => show("error", message, options),
};

const Toaster = lazy(async () => {
  let SonnerToaster: typeof import("sonner").Toaster;
  try {
    ({ Toaster: SonnerToaster } = await import("sonner"));
  } catch {
    sonnerUnavailable = true;
    return { default: PlainToaster };
  }
  return {
    default: function LoadedToaster({ theme }: { theme: "light" | "dark" }) {
      return (
        <>
          {/* Top-right, as in the specification, below the navbar so a toast never covers its buttons. */}
          <SonnerToaster
            position="top-right"
            offset={{ top: 76, right: 16 }}
            mobileOffset={{ top: 72 }}
            duration={DURATION_MS}
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

/** The toasts without sonner: the same place; a success for its time or until closed, an error until closed. */
function PlainToaster() {
  const shown = useSyncExternalStore(
    (listener) => {
      plainListeners.add(listener);
      return () => plainListeners.delete(listener);
    },
    () => plainToasts,
    () => plainToasts,
  );
  return (
    <>
      {/* Where sonner's go: top-right, below the navbar. */}
      <div className="fixed top-[72px] right-4 z-50 flex max-w-[calc(100vw-2rem)] flex-col items-end gap-2 sm:top-[76px]">
        {shown.map((toast) => (
          <PlainToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <ReadyMarker />
    </>
  );
}

const dismiss = (id: number) => setPlainToasts(plainToasts.filter((shown) => shown.id !== id));

function PlainToastItem({ toast }: { toast: PlainToast }) {
  // An error stays until it is closed: it says that something was not saved, on a page that lost its
  // connection, and a reader who looked away for five seconds would never learn it.
  const lasts = toast.kind === "success";
  useEffect(() => {
    if (!lasts) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [lasts, toast.id, toast.duration]);
  return (
    <div
      role={toast.kind === "error" ? "alert" : "status"}
      className={`alert ${toast.kind === "error" ? "alert-error" : "alert-success"} max-w-sm shadow-lg`}
    >
      <span>{toast.message}</span>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle"
        aria-label="Close"
        onClick={() => dismiss(toast.id)}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

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
