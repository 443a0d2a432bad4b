import { Link } from "react-router";
import { ResetPasswordSchema } from "#shared/schemas/auth.ts";
import { FormError, PasswordField, SubmitButton } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";
import { useResetPassword } from "../api/password-reset.ts";
import { AuthCard } from "./auth-card.tsx";
import { PasswordHint } from "./password-hint.tsx";

/** The page the reset e-mail links to (/auth/reset?token=…): choose the new password. */
export function NewPassword({ token }: { token: string }) {
  const reset = useResetPassword(token);
  const message = reset.error?.message ?? "";
  const linkDead = /invalid token|expired/i.test(message);

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <PageHead
          title="Password changed"
          description="Your Gardening Community password has been changed."
        />
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
    <AuthCard title="Choose a new password">
      <PageHead
        title="Choose a new password"
        description="Choose a new password for your Gardening Community account."
      />
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
        <FormError
          message={linkDead ? "This reset link is invalid or has expired. Ask for a new one." : message}
        />
        {linkDead && (
          <Link to={paths.auth.reset.getHref()} className="link link-primary text-center text-sm">
            Send a new reset link
          </Link>
        )}
      </Form>
    </AuthCard>
  );
}
