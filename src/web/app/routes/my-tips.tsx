import { Plus } from "lucide-react";
import { Link } from "react-router";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { paths } from "#web/config/paths.ts";
import { myTipsQueryOptions } from "#web/features/tips/api/get-tips.ts";
import { MyTipsList, myTipsParams } from "#web/features/tips/components/my-tips-list.tsx";
import { loaded, type MemberData } from "#web/lib/member-data.ts";

export function MyTipsRoute() {
  return (
    <PageFrame>
      <PageHeader
        head={{ title: "My Tips", description: "The gardening tips you have shared." }}
        title="My Tips"
        text="Every tip you have shared, public or not."
        action={
          <Link to={paths.shareTip.getHref()} className="btn btn-primary">
            <Plus aria-hidden="true" className="size-4" />
            Share a tip
          </Link>
        }
      />
      <MyTipsList />
    </PageFrame>
  );
}

/** Rendered by the server with the member's tips in it, or as loading when they could not be read. */
export const memberData: MemberData = async ({ list, email, client, queryClient }) => {
  await loaded(queryClient, myTipsQueryOptions(myTipsParams(list), email, client));
  return true;
};
