import { Link, useNavigate } from "react-router";
import { paths } from "#web/config/paths.ts";
import { AuthCard } from "#web/features/auth/components/auth-card.tsx";
import { GoogleButton } from "#web/features/auth/components/google-button.tsx";
import { SignupForm } from "#web/features/auth/components/signup-form.tsx";
import { useReturnPath } from "#web/features/auth/use-return-path.ts";
import { toast } from "#web/lib/toast.tsx";

export function SignupRoute() {
  const navigate = useNavigate();
  const returnTo = useReturnPath();

  return (
    <AuthCard
      title="Create a Account"
      subtitle="Join fellow gardeners and share what grows for you."
      head={{
        title: "Signup",
        description: "Create a Gardening Community account to share your gardening tips with fellow growers.",
      }}
    >
      <SignupForm
        onSuccess={() => {
          toast.success("Signup Success!");
          navigate(returnTo, { replace: true });
        }}
      />
      <div className="divider my-0 text-sm">or</div>
      <GoogleButton label="Signup with Google" returnTo={returnTo} successMessage="Google signup success!" />
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
