import { useSearchParams } from "react-router";
import { breakableEmail } from "#web/components/ui/email-link.tsx";
import { errorMessage as messageOf } from "#web/lib/api-client.ts";
import { useSendVerificationEmail } from "../api/send-verification-email.ts";

/** better-auth's reasons for refusing a verification link, said plainly. */
const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: "This verification link has expired. Send yourself a new one.",
  INVALID_TOKEN: "This verification link is invalid. Send yourself a new one.",
};

/**
 * The profile shows whether the e-mail is verified, and can send the link again: nothing waits for it,
 * but a Google sign-in joins only a verified account.
 */
export function EmailVerification({ email, verified }: { email: string; verified: boolean }) {
  const [params] = useSearchParams();
  const linkError = params.get("error");
  const resend = useSendVerificationEmail(email);

  if (verified)
    return (
      <span className="badge badge-success badge-sm gap-1" data-testid="email-status">
        <svg viewBox="0 0 16 16" className="size-3" aria-hidden="true" fill="currentColor">
          <path d="M6.2 11.6 2.6 8l1.1-1.1 2.5 2.5 6.1-6.1 1.1 1.1z" />
        </svg>
        Verified
      </span>
    );

  const errorMessage = resend.error
    ? messageOf(resend.error)
    : linkError
      ? (LINK_ERRORS[linkError] ?? "This verification link did not work. Send yourself a new one.")
      : "";

  return (
    <div className="mt-1 flex flex-col items-start gap-2">
      <span className="badge badge-warning badge-sm" data-testid="email-status">
        Not verified
      </span>
      {resend.isSuccess ? (
        <p role="status" className="text-sm wrap-anywhere text-success">
          Verification e-mail sent to {breakableEmail(email)}. Follow its link to verify.
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-xs"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          {resend.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Resend verification e-mail
        </button>
      )}
      {errorMessage && !resend.isSuccess && (
        <p role="alert" className="text-sm text-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
