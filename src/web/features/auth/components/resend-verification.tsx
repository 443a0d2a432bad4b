import type { ReactNode } from "react";
import { breakableEmail } from "#web/components/ui/email-link.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { useSendVerificationEmail } from "../api/send-verification-email.ts";

/**
 * "Send the link again" for the signed-in member's e-mail, where something waits for it (a third public
 * tip): it says where the link went, or why it could not be sent.
 */
export function ResendVerification() {
  const { user } = useUser();
  const resend = useSendVerificationEmail(user?.email ?? "");
  if (!user || user.emailVerified) return null;
  if (resend.isSuccess)
    return (
      <p role="status" className="text-sm wrap-anywhere text-success">
        We sent the link to {breakableEmail(user.email)}. Follow it, then share this tip as Public.
      </p>
    );
  return (
    <>
      <ResendButton resend={resend} size="btn-sm">
        Send the link again
      </ResendButton>
      {resend.error && (
        <p role="alert" className="text-sm text-error">
          {errorMessage(resend.error)}
        </p>
      )}
    </>
  );
}

/** The button that sends the verification e-mail again: busy, and not pressed twice, while it goes. */
export function ResendButton({
  resend,
  size,
  children,
}: {
  resend: { mutate: () => void; isPending: boolean };
  size: "btn-xs" | "btn-sm";
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-outline ${size}`}
      onClick={() => resend.mutate()}
      disabled={resend.isPending}
    >
      {resend.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {children}
    </button>
  );
}
