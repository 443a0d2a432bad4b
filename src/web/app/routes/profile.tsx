import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { ProfileForm } from "#web/features/auth/components/profile-form.tsx";
import { useUser } from "#web/lib/auth.ts";

export function ProfileRoute() {
  const { user } = useUser();
  if (!user) return null;
  return (
    <PageFrame measure="narrow">
      <PageHead
        title="Your Profile"
        description="Change the name and photo other gardeners see on your tips."
      />
      <h1 className="text-3xl font-bold">Your profile</h1>
      <p className="mt-1 text-base-content/80">This is how other gardeners see you on your tips.</p>
      <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
        <ProfileForm user={user} />
      </div>
    </PageFrame>
  );
}
