import { useSearchParams } from "react-router";
import { ForgotPassword } from "#web/features/auth/components/forgot-password-form.tsx";
import { NewPassword } from "#web/features/auth/components/new-password-form.tsx";

/** /auth/reset asks for the e-mail; the link in the e-mail (/auth/reset?token=…) sets the new password. */
export function ResetRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  return token ? <NewPassword token={token} /> : <ForgotPassword />;
}
