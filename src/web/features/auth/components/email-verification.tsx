import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { breakableEmail } from "#web/components/ui/email-link.tsx";
import { errorMessage as messageOf } from "#web/lib/api-client.ts";
import { useSendVerificationEmail } from "../api/send-verification-email.ts";
import { useConfirmEmail } from "../api/verify-email.ts";
import { ResendButton } from "./resend-verification.tsx";

/** The server's reasons for refusing a verification link, said plainly. */
const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: "This verification link has expired. Send yourself a new one.",
  INVALID_TOKEN: "This verification link is invalid. Send yourself a new one.",
  PASSWORD_CHANGED:
    "This verification link stopped working when the password changed. Send yourself a new one.",
};

/** The parameter a verification link followed without the account's session comes back with. */
const LINK_TOKEN_PARAM = "verify";

/**
 * The profile shows whether the e-mail is verified, and can send the link again: nothing waits for it,
 * but a Google sign-in joins only a verified account. A link followed before signing in arrives here
 * as ?verify=<token> once the member has signed in, and is confirmed in this session.
 */
export function EmailVerification({ email, verified }: { email: string; verified: boolean }) {
  const [params, setParams] = useSearchParams();
  const linkError = params.get("error");
  const linkToken = params.get(LINK_TOKEN_PARAM);
  const resend = useSendVerificationEmail(email);
  const confirm = useConfirmEmail();
  const confirming = useRef<string | null>(null);

  useEffect(() => {
    if (!linkToken || confirming.current === linkToken) return;
    confirming.current = linkToken;
    confirm.mutate(linkToken, {
      // The token has done its work either way: it does not stay in the address bar or the history.
      onSettled: () =>
        setParams(
          (current) => {
            current.delete(LINK_TOKEN_PARAM);
            return current;
          },
          { replace: true },
        ),
    });
  }, [linkToken, confirm, setParams]);

  const confirmed = confirm.isSuccess && (
    <p role="status" className="text-sm text-success">
      Your e-mail is verified.
    </p>
  );
  const confirmError = confirm.isError && (
    <p role="alert" className="text-sm text-error">
      {messageOf(confirm.error)}
    </p>
  );

  if (verified)
    return (
      <div className="mt-1 flex flex-col items-start gap-2">
        <span className="badge badge-success badge-sm gap-1" data-testid="email-status">
          <svg viewBox="0 0 16 16" className="size-3" aria-hidden="true" fill="currentColor">
            <path d="M6.2 11.6 2.6 8l1.1-1.1 2.5 2.5 6.1-6.1 1.1 1.1z" />
          </svg>
          Verified
        </span>
        {confirmed}
        {confirmError}
      </div>
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
      {confirm.isPending && (
        <p role="status" className="text-sm">
          Confirming your e-mail…
        </p>
      )}
      {confirmError}
      {resend.isSuccess ? (
        <p role="status" className="text-sm wrap-anywhere text-success">
          Verification e-mail sent to {breakableEmail(email)}. Follow its link to verify.
        </p>
      ) : (
        <ResendButton resend={resend} size="btn-xs">
          Resend verification e-mail
        </ResendButton>
      )}
      {errorMessage && !resend.isSuccess && (
        <p role="alert" className="text-sm text-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
