import { Plus } from "lucide-react";
import { Link } from "react-router";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { paths } from "#web/config/paths.ts";
import { MyTipsList } from "#web/features/tips/components/my-tips-list.tsx";

export function MyTipsRoute() {
  return (
    <PageFrame>
      <PageHead title="My Tips" description="The gardening tips you have shared." />
      <PageHeader
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
