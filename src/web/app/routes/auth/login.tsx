import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { type LoginInput, LoginSchema } from "#shared/schemas/auth.ts";
import { FormError, PasswordField, TextField } from "#web/components/ui/form-field.tsx";
import { paths } from "#web/config/paths.ts";
import { useAuth } from "#web/features/auth/auth-provider.tsx";
import { AuthCard } from "#web/features/auth/components/auth-card.tsx";
import { GoogleButton } from "#web/features/auth/components/google-button.tsx";
import { useReturnPath } from "#web/features/auth/use-return-path.ts";

export function LoginRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const [searchParams] = useSearchParams();
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  // A full-page Google sign-in that failed comes back here with ?error=.
  const googleError = searchParams.get("error");
  const { clearError } = auth;
  useEffect(() => clearError, [clearError]);

  // Already signed in (and not in the middle of this form's own sign-in): nothing to do here.
  if (auth.user && !isSubmitting && !isSubmitSuccessful) return <Navigate to={returnTo} replace />;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    if (await auth.loginWithEmailPassword(email, password)) {
      toast.success("Login success!");
      navigate(returnTo, { replace: true });
    }
  });

  return (
    <AuthCard title="Login" subtitle="Welcome back to the garden.">
      <title>Login - Gardening Community</title>
      <meta
        name="description"
        content="Log in to Gardening Community to share, like and manage your gardening tips."
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
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <div className="-mt-2 text-right text-sm">
          <Link to={paths.auth.reset.getHref()} className="link link-hover">
            Forget password
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Login
        </button>
        <FormError
          message={auth.errorMessage || (googleError ? "Google sign-in failed. Please try again." : "")}
        />
      </form>
      <div className="divider my-0 text-sm">or</div>
      <GoogleButton
        label="Login with Google"
        onSignIn={async () => {
          const result = await auth.loginWithGoogle(returnTo);
          if (result.status === "success") {
            toast.success("Login success with google");
            navigate(returnTo, { replace: true });
          }
          return result;
        }}
      />
      <p className="text-center text-sm">
        Don't have an account?{" "}
        <Link
          to={paths.auth.signup.getHref()}
          state={{ from: returnTo }}
          className="link link-primary font-medium"
        >
          Signup
        </Link>
      </p>
    </AuthCard>
  );
}
