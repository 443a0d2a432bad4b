import { Link } from "react-router";
import { LoginSchema } from "#shared/schemas/auth.ts";
import { FormError, PasswordField, SubmitButton, TextField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { paths } from "#web/config/paths.ts";
import { useLogin } from "../api/sign-in.ts";

/** Email and password; the server's refusal shows in red under the form. */
export function LoginForm({ onSuccess, notice }: { onSuccess: () => void; notice?: string }) {
  const login = useLogin();
  return (
    <Form
      schema={LoginSchema}
      defaultValues={{ email: "", password: "" }}
      onSubmit={(values) => login.mutateAsync(values).then(onSuccess, () => undefined)}
      className="flex flex-col gap-4"
    >
      <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
      <PasswordField
        name="password"
        label="Password"
        autoComplete="current-password"
        placeholder="Your password"
      />
      <div className="-mt-2 text-right text-sm">
        <Link to={paths.auth.reset.getHref()} className="link link-hover">
          Forget password
        </Link>
      </div>
      <SubmitButton className="btn btn-primary w-full">Login</SubmitButton>
      <FormError message={login.error?.message ?? notice} />
    </Form>
  );
}
