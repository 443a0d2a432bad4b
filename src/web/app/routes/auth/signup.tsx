import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { type SignupInput, SignupSchema } from "#shared/schemas/auth.ts";
import { FormError, PasswordField, TextField } from "#web/components/ui/form-field.tsx";
import { paths } from "#web/config/paths.ts";
import { useAuth } from "#web/features/auth/auth-provider.tsx";
import { AuthCard } from "#web/features/auth/components/auth-card.tsx";
import { GoogleButton } from "#web/features/auth/components/google-button.tsx";
import { PasswordHint } from "#web/features/auth/components/password-hint.tsx";
import { useReturnPath } from "#web/features/auth/use-return-path.ts";

export function SignupRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const form = useForm<SignupInput>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { name: "", email: "", photoUrl: "", password: "", terms: false as unknown as true },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const { clearError } = auth;
  useEffect(() => clearError, [clearError]);

  if (auth.user && !isSubmitting && !isSubmitSuccessful) return <Navigate to={returnTo} replace />;

  const onSubmit = form.handleSubmit(async ({ name, email, photoUrl, password }) => {
    if (await auth.signupWithEmailPassword(email, password, name, photoUrl)) {
      toast.success("Signup Success!");
      navigate(returnTo, { replace: true });
    }
  });

  return (
    <AuthCard title="Create a Account" subtitle="Join fellow gardeners and share what grows for you.">
      <title>Signup - Gardening Community</title>
      <meta
        name="description"
        content="Create a Gardening Community account to share your gardening tips with fellow growers."
      />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Full Name"
          autoComplete="name"
          placeholder="Your name"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Profile photo url"
          type="url"
          autoComplete="photo"
          placeholder="https://example.com/me.jpg"
          error={errors.photoUrl?.message}
          {...form.register("photoUrl")}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          placeholder="Choose a password"
          hint={<PasswordHint />}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <div className="flex flex-col gap-1">
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-primary checkbox-sm mt-0.5"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "terms-error" : undefined}
              {...form.register("terms")}
            />
            <span>
              By clicking, I agree to signup{" "}
              <Link to={paths.terms.getHref()} className="link link-primary" target="_blank">
                Terms of Use
              </Link>{" "}
              and{" "}
              <Link to={paths.privacy.getHref()} className="link link-primary" target="_blank">
                Privacy Policy
              </Link>
            </span>
          </label>
          {errors.terms && (
            <p id="terms-error" className="text-sm text-error">
              {errors.terms.message}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Sign up
        </button>
        <FormError message={auth.errorMessage} />
      </form>
      <div className="divider my-0 text-sm">or</div>
      <GoogleButton
        label="Signup with Google"
        onSignIn={async () => {
          const result = await auth.loginWithGoogle(returnTo);
          if (result.status === "success") {
            toast.success("Google signup success!");
            navigate(returnTo, { replace: true });
          }
          return result;
        }}
      />
      <p className="text-center text-sm">
        Already have an account?{" "}
        <Link
          to={paths.auth.login.getHref()}
          state={{ from: returnTo }}
          className="link link-primary font-medium"
        >
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
