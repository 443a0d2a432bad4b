import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import {
  type ForgotPasswordInput,
  ForgotPasswordSchema,
  type ResetPasswordInput,
  ResetPasswordSchema,
} from "#shared/schemas/auth.ts";
import { FormError, PasswordField, TextField } from "#web/components/ui/form-field.tsx";
import { paths } from "#web/config/paths.ts";
import { useAuth } from "#web/features/auth/auth-provider.tsx";
import { AuthCard } from "#web/features/auth/components/auth-card.tsx";
import { PasswordHint } from "#web/features/auth/components/password-hint.tsx";
import { webmailFor } from "#web/features/auth/webmail.ts";

/** /auth/reset asks for the e-mail; the link in the e-mail (/auth/reset?token=…) sets the new password. */
export function ResetRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const { clearError } = useAuth();
  useEffect(() => clearError, [clearError]);
  return token ? <NewPasswordForm token={token} /> : <ForgotPasswordForm />;
}

function ForgotPasswordForm() {
  const auth = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (await auth.resetPasswordWithEmail(email)) setSentTo(email);
  });

  if (sentTo) {
    const webmail = webmailFor(sentTo);
    return (
      <AuthCard title="Check your inbox">
        <title>Check your inbox - Gardening Community</title>
        <meta name="description" content="A link to reset your Gardening Community password is on its way." />
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <MailCheck aria-hidden="true" className="size-14 text-primary" />
          <p>
            If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent it a link
            to choose a new password. The link expires in 60 minutes.
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
    >
      <title>Forget Password - Gardening Community</title>
      <meta
        name="description"
        content="Forgot your Gardening Community password? Get a link by e-mail to choose a new one."
      />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Reset Password
        </button>
        <FormError message={auth.errorMessage} />
      </form>
      <p className="text-center text-sm">
        Remembered it?{" "}
        <Link to={paths.auth.login.getHref()} className="link link-primary font-medium">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const auth = useAuth();
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (await auth.completePasswordReset(token, password)) setDone(true);
  });

  if (done) {
    return (
      <AuthCard title="Password changed">
        <title>Password changed - Gardening Community</title>
        <meta name="description" content="Your Gardening Community password has been changed." />
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
      <title>Choose a new password - Gardening Community</title>
      <meta name="description" content="Choose a new password for your Gardening Community account." />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={<PasswordHint />}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Set new password
        </button>
        <FormError
          message={
            auth.errorMessage && /invalid token|expired/i.test(auth.errorMessage)
              ? "This reset link is invalid or has expired. Ask for a new one."
              : auth.errorMessage
          }
        />
        {auth.errorMessage && /invalid token|expired/i.test(auth.errorMessage) && (
          <Link to={paths.auth.reset.getHref()} className="link link-primary text-center text-sm">
            Send a new reset link
          </Link>
        )}
      </form>
    </AuthCard>
  );
}
