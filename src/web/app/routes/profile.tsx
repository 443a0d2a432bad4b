import { Link } from "react-router";
import { HoldNotice } from "#web/components/moderation/hold-notice.tsx";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { DataExportCard } from "#web/features/account-data/components/data-export-card.tsx";
import { DeleteAccountCard } from "#web/features/account-data/components/delete-account-card.tsx";
import { ProfileForm } from "#web/features/auth/components/profile-form.tsx";
import { GardenSettings } from "#web/features/bookmarks/components/garden-settings.tsx";
import { useProfile } from "#web/features/gardeners/api/get-gardener.ts";
import { GardenerPageForm } from "#web/features/gardeners/components/gardener-page-form.tsx";
import { NotificationSettings } from "#web/features/notifications/components/notification-settings.tsx";
import { useUser } from "#web/lib/auth.ts";

export function ProfileRoute() {
  const { user } = useUser();
  const profile = useProfile({ enabled: Boolean(user) });
  if (!user) return null;
  return (
    <PageFrame measure="narrow">
      <PageHead
        title="Your Profile"
        description="Change the name, photo and gardener page other gardeners see."
      />
      <h1 className="text-3xl font-bold">Your profile</h1>
      <p className="mt-1 text-base-content/80">
        This is how other gardeners see you on your tips and your page.{" "}
        <Link className="link" to={paths.bookmarks.getHref()}>
          Your bookmarks
        </Link>
        {" · "}
        <Link className="link" to={paths.myReports.getHref()}>
          Your reports
        </Link>
        {user.role !== "member" && (
          <>
            {" · "}
            <Link className="link" to={paths.moderation.getHref()}>
              Moderation queue
            </Link>
          </>
        )}
      </p>
      {profile.data?.hold && (
        <div className="mt-6">
          <HoldNotice hold={profile.data.hold} what="gardener page" change="Save a change below." />
        </div>
      )}
      <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
        <ProfileForm user={user} />
      </div>
      <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
        <QueryView
          query={profile}
          loadingLabel="Loading your gardener page…"
          errorTitle="We could not load your gardener page"
        >
          {(data) => <GardenerPageForm profile={data} />}
        </QueryView>
      </div>
      <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
        <GardenSettings />
      </div>
      <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
        <NotificationSettings />
      </div>
      <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
        <DataExportCard />
      </div>
      {profile.data && (
        <div className="card mt-6 border border-error/40 bg-base-100 shadow-sm">
          <DeleteAccountCard handle={profile.data.handle} />
        </div>
      )}
    </PageFrame>
  );
}
