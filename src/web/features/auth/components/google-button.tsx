import { useId } from "react";
import { useNavigate } from "react-router";
import { FormError } from "#web/components/ui/form/fields.tsx";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { useConfig } from "#web/hooks/use-config.ts";
import { toast } from "#web/lib/toast.tsx";
import { useGoogleSignIn } from "../api/google-sign-in.ts";

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/**
 * "Login with Google" / "Signup with Google": signs in through the popup (see google-popup.ts), then says
 * `successMessage` and goes on to `returnTo`. Disabled with a note when the server has no Google client.
 */
export function GoogleButton({
  label,
  returnTo,
  successMessage,
}: {
  label: string;
  returnTo: string;
  successMessage: string;
}) {
  const config = useConfig();
  const google = useGoogleSignIn();
  const navigate = useNavigate();
  const noteId = useId();
  const unavailable = config.data ? !config.data.googleSignIn : false;
  const cancelled = google.data === "cancelled";
  // Until the page goes to Google, a full-page redirect keeps the button busy.
  const busy = google.isPending || google.data === "redirecting";

  const onClick = () =>
    google.mutate(returnTo, {
      onSuccess: (status) => {
        if (status !== "success") return;
        toast.success(successMessage);
        navigate(returnTo, { replace: true });
      },
    });

  return (
    <div className="flex flex-col gap-1">
      <HydrationGate>
        <button
          type="button"
          className="btn btn-outline w-full"
          onClick={onClick}
          disabled={unavailable || busy}
          aria-describedby={unavailable || cancelled ? noteId : undefined}
        >
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <GoogleLogo />}
          {label}
        </button>
      </HydrationGate>
      {unavailable && (
        <p id={noteId} className="text-center text-sm text-base-content/70">
          Google sign-in is not configured on this server.
        </p>
      )}
      {cancelled && (
        <p id={noteId} role="status" className="text-center text-sm text-base-content/80">
          Google sign-in was cancelled.
        </p>
      )}
      <FormError message={google.error?.message} />
    </div>
  );
}
