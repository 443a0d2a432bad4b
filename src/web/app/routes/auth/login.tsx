import { LogIn } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "#web/config/paths.ts";
import { AuthCard } from "#web/features/auth/components/auth-card.tsx";
import { GoogleButton } from "#web/features/auth/components/google-button.tsx";
import { LoginForm } from "#web/features/auth/components/login-form.tsx";
import { signInReason } from "#web/features/auth/sign-in-reason.ts";
import { useReturnPath } from "#web/features/auth/use-return-path.ts";
import { toast } from "#web/lib/toast.tsx";

export function LoginRoute() {
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  // A full-page Google sign-in that failed comes back here with ?error=.
  const [searchParams] = useSearchParams();
  const googleFailed = searchParams.has("error");
  const reason = signInReason(returnTo);

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back to the garden."
      head={{ description: "Log in to Gardening Community to share, like and manage your gardening tips." }}
    >
      {reason && (
        <p role="status" className="alert alert-info alert-soft text-sm">
          <LogIn aria-hidden="true" className="size-4 shrink-0" />
          {reason}
        </p>
      )}
      <LoginForm
        notice={googleFailed ? "Google sign-in failed. Please try again." : undefined}
        onSuccess={() => {
          toast.success("Login success!");
          navigate(returnTo, { replace: true });
        }}
      />
      <div className="divider my-0 text-sm">or</div>
      <GoogleButton
        label="Login with Google"
        returnTo={returnTo}
        successMessage="Login success with google"
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
