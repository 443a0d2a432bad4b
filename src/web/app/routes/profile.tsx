import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { type ProfileInput, ProfileSchema } from "#shared/schemas/auth.ts";
import { HttpUrlSchema } from "#shared/schemas/common.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { FormError, TextField } from "#web/components/ui/form-field.tsx";
import { useAuth } from "#web/features/auth/auth-provider.tsx";
import { EmailVerification } from "#web/features/auth/components/email-verification.tsx";

export function ProfileRoute() {
  const auth = useAuth();
  const user = auth.user;
  const form = useForm<ProfileInput>({
    resolver: zodResolver(ProfileSchema),
    defaultValues: { name: user?.displayName ?? "", photoUrl: user?.photoURL ?? "" },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const photoUrl = useWatch({ control: form.control, name: "photoUrl" });
  // Only a valid http(s) URL is previewed (anything else would be blocked by the page's CSP anyway).
  const preview = HttpUrlSchema.safeParse(photoUrl).success ? photoUrl : (user?.photoURL ?? null);
  const { clearError } = auth;
  useEffect(() => clearError, [clearError]);

  if (!user) return null;

  const onSubmit = form.handleSubmit(async ({ name, photoUrl }) => {
    if (await auth.profileUpdate({ displayName: name, photoURL: photoUrl || null })) {
      form.reset({ name, photoUrl });
      toast.success("Profile updated");
    }
  });

  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <title>Your Profile - Gardening Community</title>
      <meta name="description" content="Change the name and photo other gardeners see on your tips." />
      <h1 className="text-3xl font-bold">Your profile</h1>
      <p className="mt-1 text-base-content/80">This is how other gardeners see you on your tips.</p>
      <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
        <form onSubmit={onSubmit} noValidate className="card-body gap-4">
          <div className="flex items-center gap-4">
            {/* Not named after the user: the navbar's photo is, and a name must find one image. */}
            <Avatar src={preview} name="Preview of your profile photo" size={72} />
            <div className="min-w-0">
              <p className="font-semibold break-words">{user.displayName}</p>
              <p className="text-sm break-all text-base-content/80">{user.email}</p>
              <EmailVerification email={user.email} verified={user.emailVerified} />
            </div>
          </div>
          <TextField
            label="Display name"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register("name")}
          />
          <TextField
            label="Profile photo url"
            type="url"
            placeholder="https://example.com/me.jpg"
            hint="Leave empty to use the default avatar."
            error={errors.photoUrl?.message}
            {...form.register("photoUrl")}
          />
          <FormError message={auth.errorMessage} />
          <div className="card-actions justify-end">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isDirty}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Save changes
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
