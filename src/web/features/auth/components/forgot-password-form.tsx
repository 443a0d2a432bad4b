import { MailCheck, ShieldAlert } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ForgotPasswordSchema } from "#shared/schemas/auth.ts";
import { breakableEmail } from "#web/components/ui/email-link.tsx";
import { FormError, SubmitButton, TextField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { paths } from "#web/config/paths.ts";
import { useRequestPasswordReset } from "../api/password-reset.ts";
import { webmailFor } from "../webmail.ts";
import { AuthCard } from "./auth-card.tsx";

/**
 * /auth/reset: asks for the e-mail; on success says "Check your inbox" with a link to the person's web
 * mail where the domain is a known one; a failure shows inline, not in a browser alert. "This wasn't me"
 * in a verification e-mail opens it as ?email=<address>&reason=not-me: the address filled in, and what
 * a new password does (ADR 031).
 */
export function ForgotPassword() {
  const [params] = useSearchParams();
  const notMe = params.get("reason") === "not-me";
  const reset = useRequestPasswordReset();
  const sentTo = reset.isSuccess ? reset.variables : null;

  if (sentTo) {
    const webmail = webmailFor(sentTo);
    return (
      <AuthCard
        title="Check your inbox"
        head={{ description: "A link to reset your Gardening Community password is on its way." }}
      >
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <MailCheck aria-hidden="true" className="size-14 text-primary" />
          <p>
            If an account exists for <strong className="wrap-anywhere">{breakableEmail(sentTo)}</strong>, we
            have sent it a link to choose a new password. The link expires in 60 minutes.
          </p>
          {webmail && (
            <a href={webmail.url} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
              Open {webmail.name}
            </a>
          )}
          <p className="text-sm text-base-content/80">
            No e-mail? Check your spam folder, or try again in a few minutes.
          </p>
          <Link to={paths.auth.login.getHref()} className="link link-primary">
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forget Password"
      subtitle="Enter your e-mail and we will send you a link to reset your password."
      head={{
        description: "Forgot your Gardening Community password? Get a link by e-mail to choose a new one.",
      }}
    >
      {notMe && (
        <p role="note" className="alert alert-warning alert-soft text-sm">
          <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
          Someone created an account with your address. Choose a new password for it: every session of the
          account ends, and the account is yours.
        </p>
      )}
      <Form
        schema={ForgotPasswordSchema}
        defaultValues={{ email: params.get("email") ?? "" }}
        onSubmit={({ email }) => reset.mutateAsync(email).catch(() => undefined)}
        className="flex flex-col gap-4"
      >
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <SubmitButton className="btn btn-primary w-full">Reset Password</SubmitButton>
        <FormError message={reset.error?.message} />
      </Form>
      <p className="text-center text-sm">
        Remembered it?{" "}
        <Link to={paths.auth.login.getHref()} className="link link-primary font-medium">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
