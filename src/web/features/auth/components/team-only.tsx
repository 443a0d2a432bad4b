import { ShieldX } from "lucide-react";
import type { ReactNode } from "react";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";

/**
 * A page for the site's moderators and administrators, called `page` here: a member is told plainly it is
 * not for them, and led home (the server checks the role again on every call). Nothing while the session
 * loads.
 */
export function TeamOnly({ page, children }: { page: string; children: ReactNode }) {
  const { user } = useUser();
  if (!user) return null;
  if (user.role !== "member") return children;
  return (
    <MessagePage
      icon={<ShieldX aria-hidden="true" className="size-14 text-base-content/60" />}
      title="Only moderators can see this page"
      text={`${page} is for the site's moderators and administrators.`}
      action={{ to: paths.home.getHref(), label: "Back to the home page" }}
    />
  );
}
