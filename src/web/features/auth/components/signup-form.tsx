import { useRef } from "react";
import { Link } from "react-router";
import { SIGN_UP_TRAP_FIELD, SignupSchema } from "#shared/schemas/auth.ts";
import {
  CheckboxField,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { paths } from "#web/config/paths.ts";
import { useSignup } from "../api/sign-up.ts";
import { PasswordHint } from "./password-hint.tsx";

/** The specification's sign-up fields; name and photo are saved with the account. */
export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const signup = useSignup();
  const trap = useRef<HTMLInputElement>(null);
  return (
    <Form
      schema={SignupSchema}
      defaultValues={{ name: "", email: "", photoUrl: "", password: "", terms: false }}
      onSubmit={({ name, email, photoUrl, password }) => {
        const trapped = trap.current?.value ?? "";
        return signup
          .mutateAsync({
            name,
            email,
            password,
            image: photoUrl,
            ...(trapped ? { [SIGN_UP_TRAP_FIELD]: trapped } : {}),
          })
          .then(onSuccess, () => undefined);
      }}
      className="flex flex-col gap-4"
    >
      <TextField name="name" label="Full Name" autoComplete="name" placeholder="Your name" />
      <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
      <TextField
        name="photoUrl"
        label="Profile photo url"
        type="url"
        autoComplete="photo"
        placeholder="https://example.com/me.jpg"
      />
      <PasswordField
        name="password"
        label="Password"
        autoComplete="new-password"
        placeholder="Choose a password"
        hint={<PasswordHint />}
      />
      <CheckboxField
        name="terms"
        label={
          <>
            By clicking, I agree to signup{" "}
            <Link to={paths.terms.getHref()} className="link link-primary" target="_blank">
              Terms of Use
            </Link>{" "}
            and{" "}
            <Link to={paths.privacy.getHref()} className="link link-primary" target="_blank">
              Privacy Policy
            </Link>
          </>
        }
      />
      {/* Off screen and out of reach of keyboards and screen readers: only a form-filling bot fills it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input ref={trap} name={SIGN_UP_TRAP_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <SubmitButton className="btn btn-primary w-full">Sign up</SubmitButton>
      <FormError message={signup.error?.message} />
    </Form>
  );
}
