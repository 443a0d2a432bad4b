import { Link } from "react-router";
import { ResetPasswordSchema } from "#shared/schemas/auth.ts";
import { ErrorState } from "#web/components/ui/error-state.tsx";
import { FormError, PasswordField, SubmitButton } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { LoadingState } from "#web/components/ui/loading-state.tsx";
import { paths } from "#web/config/paths.ts";
import { useResetPassword, useResetTokenCheck } from "../api/password-reset.ts";
import { AuthCard } from "./auth-card.tsx";
import { PasswordHint } from "./password-hint.tsx";

const DEAD_LINK = "This reset link is invalid or has expired. Ask for a new one.";

/**
 * The page the reset e-mail links to (/auth/reset?token=…): it first checks that the link still works
 * (only the newest link of an account does, once, for an hour), then asks for the new password.
 */
export function NewPassword({ token }: { token: string }) {
  const check = useResetTokenCheck(token);
  if (check.data?.valid) return <NewPasswordForm token={token} />;
  if (check.data) return <DeadLink />;
  return (
    <AuthCard
      title="Choose a new password"
      head={{ description: "Choose a new password for your Gardening Community account." }}
    >
      {check.isError ? (
        <ErrorState
          title="We could not check your reset link"
          message={check.error.message}
          onRetry={() => check.refetch()}
          retrying={check.isFetching}
        />
      ) : (
        <LoadingState label="Checking your reset link…" />
      )}
    </AuthCard>
  );
}

/** A used, replaced, expired or mistyped link: no form to fill in for nothing, and the way to a new one. */
function DeadLink() {
  return (
    <AuthCard
      title="This reset link cannot be used"
      head={{
        title: "Reset link cannot be used",
        description: "This password reset link cannot be used any more.",
      }}
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-sm font-medium text-error">
          {DEAD_LINK}
        </p>
        <p className="text-sm text-base-content/80">
          A link works once, for an hour, and only the newest one sent to you does.
        </p>
        <Link to={paths.auth.reset.getHref()} className="btn btn-primary">
          Send a new reset link
        </Link>
      </div>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword(token);
  const message = reset.error?.message ?? "";
  const linkDead = /invalid token|expired/i.test(message);

  if (reset.isSuccess) {
    return (
      <AuthCard
        title="Password changed"
        head={{ description: "Your Gardening Community password has been changed." }}
      >
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <p>Your password has been changed. Log in with your new password.</p>
          <Link to={paths.auth.login.getHref()} className="btn btn-primary">
            Go to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      head={{ description: "Choose a new password for your Gardening Community account." }}
    >
      <Form
        schema={ResetPasswordSchema}
        defaultValues={{ password: "", confirmPassword: "" }}
        onSubmit={({ password }) => reset.mutateAsync(password).catch(() => undefined)}
        className="flex flex-col gap-4"
      >
        <PasswordField
          name="password"
          label="New password"
          autoComplete="new-password"
          hint={<PasswordHint />}
        />
        <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
        <SubmitButton className="btn btn-primary w-full">Set new password</SubmitButton>
        <FormError message={linkDead ? DEAD_LINK : message} />
        {linkDead && (
          <Link to={paths.auth.reset.getHref()} className="link link-primary text-center text-sm">
            Send a new reset link
          </Link>
        )}
      </Form>
    </AuthCard>
  );
}
